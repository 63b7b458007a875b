import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { askTopics, everyTopic, unasked } from './ask-topics.js';

// the asked_user check finds a topic as lower-case text in the question (grade/checks/asked-user.ts)
const onTopic = (topics: readonly string[], q: string) => topics.some((t) => q.toLowerCase().includes(t));

describe('ask topics', () => {
  it('a needless question is one about where the work goes, not any that mentions a folder or a path (review 47)', () => {
    const { topics, absent } = unasked(askTopics('file path'));
    assert.equal(absent, true);
    for (const q of [
      'Should I also do the scans in the inbox folder?',
      'Is the critical path job in scope?',
      'Do the files in the archive directory count too?',
    ])
      assert.ok(!onTopic(topics, q), q);
    for (const q of [
      'Which folder should I save it in?',
      'What path do you want for the report?',
      'Where should I save it?',
      'What file name should I use?',
      'Before I start: which file path or folder should I save it to?',
    ])
      assert.ok(onTopic(topics, q), q);
    // a question the task asks for still counts on any of the words
    assert.ok(onTopic(askTopics('file path'), 'Is there a folder you prefer?'));
    assert.ok(onTopic(unasked(everyTopic()).topics, 'Who should I send it to?'));
  });
});
