import type { Command } from 'commander';
import { ChatCache, DEFAULT_CACHE_DIR } from '../llm/cache.js';
import { out } from './output.js';

export function cacheCommand(program: Command): void {
  const cache = program.command('cache').description('manage the LLM response cache');
  cache
    .command('clear')
    .description('delete every cached LLM response')
    .option('--cache-dir <dir>', 'LLM cache directory', DEFAULT_CACHE_DIR)
    .action(async (opts: { cacheDir: string }) => {
      await new ChatCache(opts.cacheDir).clear();
      out(`cleared ${opts.cacheDir}`);
    });
}
