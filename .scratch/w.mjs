import { Worker } from 'node:worker_threads';
import { fileURLToPath } from 'node:url';
const tsx = fileURLToPath(import.meta.resolve('tsx/esm'));
const w = new Worker(new URL('data:text/javascript,import("file:///work/main/src/synth/procedural-worker.ts").then(m=>console.log("loaded",typeof m.default)).catch(e=>console.error("IMPORT ERR",e))'), { execArgv: ['--import', tsx] });
w.on('error', (e) => console.error('worker error', e));
w.on('exit', (c) => console.log('exit', c));
