import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createEpisode } from '../env/episode.js';
import { renderPng } from '../services/workspace/formats/png.js';
import { runGate } from '../validate/index.js';
import { importClawTask, importClawTasks } from './claw-import.js';

const root = mkdtempSync(join(tmpdir(), 'claw-sandbox-'));
after(() => rmSync(root, { recursive: true, force: true }));

function task(id: string, yaml: string, files: Record<string, string | Uint8Array | object> = {}): string {
  const dir = join(root, 'tasks', id);
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'task.yaml'), yaml);
  for (const [rel, v] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), typeof v === 'string' || v instanceof Uint8Array ? v : JSON.stringify(v));
  }
  return dir;
}

const inbox = [
  {
    message_id: 'msg_001',
    from: 'boss@company.com',
    to: 'me@company.com',
    subject: '季度报告',
    body: '请回复',
    date: '2026-02-27T09:00:00Z',
  },
];
const gmailTask = (id: string) =>
  `task_id: ${id}\ntask_name: Triage\nprompt: {text: 整理收件箱, language: zh}\nservices:\n  - {name: gmail, command: python mock_services/gmail/server.py, port: 9100, health_check: h}\ntools:\n  - {name: gmail_list_messages, description: d, input_schema: {}}\n`;

const PICTURE = renderPng({
  kind: 'table',
  title: 'Phones',
  rows: [
    ['Left', 'Right'],
    ['Model X Pro Max', 'Model X Pro'],
  ],
});

describe('claw-eval import: sandbox, attachments, default fixtures', () => {
  it("reads a service's default fixture when the task owns it, and the task's own file (reported) when Claw-Eval would serve another's", async () => {
    const owner = await importClawTask(
      task('T001zh_email_triage', gmailTask('T001zh_email_triage'), { 'fixtures/gmail/inbox.json': inbox }),
      { repoRoot: root, scope: join(root, 'tasks') },
    );
    assert.ok(owner.spec, owner.problems.join('\n'));
    assert.equal((owner.spec.fixtures.gmail?.messages as unknown[] | undefined)?.length, 1);
    assert.match(owner.notes.join('\n'), /gmail reads this task's own fixtures\/gmail\/inbox\.json by default/);
    const twin = await importClawTask(
      task('T002_email_triage', gmailTask('T002_email_triage'), { 'fixtures/gmail/inbox.json': inbox }),
      { repoRoot: root, scope: join(root, 'tasks') },
    );
    assert.ok(twin.spec, twin.problems.join('\n'));
    assert.match(
      twin.needs_human.join('\n'),
      /serves T001zh_email_triage's fixtures\/gmail\/inbox\.json to this task \(drift §6\.8\)/,
    );
    const bare = await importClawTask(task('T003_bare', gmailTask('T003_bare')), { repoRoot: root });
    assert.equal(bare.spec, undefined);
    assert.match(bare.problems.join('\n'), /has no env <SVC>_FIXTURES/);
  });

  it('imports a picture question with an oracle answer as a gated workspace task: the agent must look and name every entity', async () => {
    const dir = task(
      'T056zh_phones',
      `task_id: T056zh_phones\ntask_name: Phones\nprompt:\n  text: 这是什么手机？图片路径是 fixtures/media/image.png\n  language: zh\n  attachments: [fixtures/media/image.png]\nsandbox_files: [fixtures/media/image.png]\nservices:\n  - {name: caption, command: x, port: 9120, health_check: h}\n  - {name: web_real, command: x, port: 9114, health_check: h}\ntools:\n  - {name: caption_describe_image, description: d, input_schema: {}}\n  - {name: web_search, description: d, input_schema: {}}\nscoring_components:\n  - {name: long, weight: 1.0, check: {type: min_length, min_length: 1}}\n`,
      {
        'fixtures/media/image.png': PICTURE,
        'fixtures/oracle.json': {
          canonical_answer: 'Left is Model X Pro Max, right is Model X Pro',
          required_entities: ['Model X Pro Max', 'Model X Pro'],
          aliases: [],
        },
      },
    );
    const r = await importClawTask(dir, { repoRoot: root });
    assert.ok(r.spec, r.problems.join('\n'));
    const s = r.spec;
    assert.deepEqual(s.services, ['workspace']);
    const tools = s.tools ?? [];
    assert.ok(tools.includes('fs_read') && !tools.some((t) => t.startsWith('web_') || t.startsWith('caption_')));
    const file = (s.fixtures.workspace?.files as { path: string; encoding?: string }[])[0];
    assert.deepEqual([file?.path, file?.encoding], ['fixtures/media/image.png', 'base64']);
    assert.deepEqual(
      s.checks.map((c) => [c.id, c.weight]),
      [
        ['looked_at_picture', 0.3],
        ['names_1', 0.35],
        ['names_2', 0.35],
      ],
    );
    assert.match(r.needs_human.join('\n'), /caption left out.*captioning model/);
    assert.match(r.notes.join('\n'), /scoring_components \(1\): not imported/);
    // the agent is shown the picture, and the gate proves the task: the reference passes, probes and mutants fail
    const shown = await createEpisode(s).run('fs_read', { path: '/workspace/fixtures/media/image.png' });
    assert.equal(shown.ok, true);
    const gate = await runGate({ spec: s });
    assert.equal(gate.ok, true, gate.diagnostics.map((d) => `${d.code} ${d.message}`).join('\n'));
  });

  it('maps a task with sandbox files and no service to the workspace: inputs copied, outputs checked, the grader rubric judged', async () => {
    const r = await importClawTask(
      task(
        'M001_clock',
        `task_id: M001_clock\ntask_name: Clock\nservices: []\nprompt:\n  text: |\n    Read /workspace/fixtures/config.json, then generate /workspace/output.html with an analog clock.\n  language: en\ntools: []\nsandbox_files: [fixtures/config.json]\nenv_snapshot_commands: ["python /workspace/fixtures/take_recording.py"]\nenv_snapshot_files: [/workspace/grading_frames/*.png]\nreference_solution: Draw it.\n`,
        {
          'fixtures/config.json': { timezone_offset: 8 },
          'grader.py':
            'class G:\n    RUBRIC = """\\\nThe clock shows the configured time (0.5).\nHands move (0.5)."""\n',
        },
      ),
      { repoRoot: root },
    );
    assert.ok(r.spec, r.problems.join('\n'));
    assert.deepEqual(r.spec.fixtures.workspace?.files, [
      { path: 'fixtures/config.json', content: '{"timezone_offset":8}' },
    ]);
    assert.deepEqual(
      r.spec.checks.map((c) => [c.kind, (c as { path?: string }).path]),
      [['file_exists', 'output.html']],
    );
    assert.match(r.spec.judge[0]?.rubric ?? '', /^The clock shows the configured time \(0\.5\)\.\nHands move/);
    assert.match(r.needs_human.join('\n'), /env_snapshot_commands \(1\)/);
  });

  it('refuses what the workspace cannot give, each by file and reason', async () => {
    const refused = async (id: string, yaml: string, files = {}) =>
      (
        await importClawTask(task(id, `task_id: ${id}\ntask_name: X\nservices: []\ntools: []\n${yaml}`, files), {
          repoRoot: root,
        })
      ).problems.join('\n');
    assert.match(
      await refused('M053_video', 'prompt: {text: Count the rallies}\nsandbox_files: [fixtures/video.webm]\n'),
      /sandbox file fixtures\/video\.webm: a video; no CoworkEnv tool decodes video/,
    );
    assert.match(
      await refused('M037_missing', 'prompt: {text: Look}\nsandbox_files: [fixtures/gt_1.png]\n'),
      /fixtures\/gt_1\.png: not in the task folder .*Hugging Face/,
    );
    assert.match(
      await refused('M018_web', 'prompt: {text: "Download https://example.org/paper.pdf and save /workspace/a.csv"}\n'),
      /sends the agent to the open web \(https:\/\/example\.org\/paper\.pdf\)/,
    );
    assert.match(
      await refused(
        'M052_draw',
        'prompt: {text: "Recreate it in HTML and save /workspace/output.png"}\nsandbox_files: [fixtures/image.png]\n',
        {
          'fixtures/image.png': PICTURE,
        },
      ),
      /make output\.png from nothing; no workspace tool draws or renders a picture/,
    );
    assert.match(
      await refused(
        'T100_python',
        'prompt: {text: "Make encoded.dat so that python decoder.py < encoded.dat prints it"}\n',
      ),
      /has the agent run Python/,
    );
  });

  it("reads a sibling task's file a sandbox list names from Claw-Eval's root, inside the tasks directory only", async () => {
    task('T021zh_news', 'task_id: T021zh_news\n', { 'fixtures/rss/articles.json': [{ id: 'a' }] });
    task(
      'T087_brief',
      'task_id: T087_brief\ntask_name: Brief\nservices: []\ntools: []\nprompt: {text: Summarise the articles}\nsandbox_files: [tasks/T021zh_news/fixtures/rss/articles.json]\n',
    );
    const all = await importClawTasks(join(root, 'tasks'));
    const brief = all.find((x) => x.task_id === 'T087_brief');
    assert.ok(brief?.spec, brief?.problems.join('\n'));
    assert.equal(
      (brief.spec.fixtures.workspace?.files as { path: string }[])[0]?.path,
      'tasks/T021zh_news/fixtures/rss/articles.json',
    );
  });
});
