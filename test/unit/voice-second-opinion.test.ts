import { DISAGREED_CONFIDENCE, meaningOf, pathGrammar, secondModelConfig, withSecondOpinion } from '../../src/voice/stt/second-opinion';
import type { CallQuestion } from '../../src/features/calls/ports';

const people: CallQuestion = { key: 'people', question: 'How many people?', type: 'number' };
const attend: CallQuestion = { key: 'attend', question: 'Will you attend?', type: 'boolean' };

describe('the second acoustic opinion: the combination rule', () => {
  test('a confident number the second model hears as another number is made unsure (below the 0.5 threshold)', () => {
    expect(withSecondOpinion(0.9, 'number', false)).toBe(DISAGREED_CONFIDENCE);
    expect(DISAGREED_CONFIDENCE).toBeLessThan(0.5);
  });

  test('agreement, or no second opinion at all, leaves the confidence as it was', () => {
    expect(withSecondOpinion(0.9, 'number', true)).toBe(0.9);
    expect(withSecondOpinion(0.9, 'number', undefined)).toBe(0.9);
    // Agreement never raises an unsure answer.
    expect(withSecondOpinion(0.2, 'number', true)).toBe(0.2);
    expect(withSecondOpinion(0.2, 'number', false)).toBe(0.2);
  });

  test('only the question types it is given: by default numbers and options, not yes/no (nor a yes/no reply to a read-back)', () => {
    expect(withSecondOpinion(0.9, 'boolean', false)).toBe(0.9);
    expect(withSecondOpinion(0.9, 'choice', false)).toBe(0.9);
    expect(withSecondOpinion(0.9, 'enum', false)).toBe(DISAGREED_CONFIDENCE);
    expect(withSecondOpinion(0.9, 'number', false, ['enum'])).toBe(0.9);
    expect(withSecondOpinion(0.9, 'boolean', false, ['boolean', 'number'])).toBe(DISAGREED_CONFIDENCE);
    expect(withSecondOpinion(0.9, undefined, false)).toBe(0.9);
  });

  test('two readings agree when they mean the same answer, whatever the fillers', () => {
    expect(meaningOf(people, 'um fifty please')).toBe(meaningOf(people, 'fifty'));
    expect(meaningOf(people, 'fifty')).not.toBe(meaningOf(people, 'fifty five'));
    expect(meaningOf(people, 'six')).not.toBe(meaningOf(people, 'eight'));
    expect(meaningOf(attend, 'yes please')).toBe(meaningOf(attend, 'yep'));
    expect(meaningOf(people, '')).toBeNull();
    // A reply to a read-back: a yes means the same as another yes, not as a correction.
    const readBack = { value: 30 };
    expect(meaningOf(people, 'yes', readBack)).toBe(meaningOf(people, 'yes that is right', readBack));
    expect(meaningOf(people, 'yes', readBack)).not.toBe(meaningOf(people, 'no thirty five', readBack));
  });

  test('a missing model gives no configuration (the service then runs on the 8 kHz model alone); a one-path grammar', () => {
    expect(secondModelConfig('/nonexistent/model')).toBeNull();
    expect(pathGrammar('twenty five', () => true)).toContain('public <utterance> = twenty five;');
    expect(pathGrammar('twenty flibber', (w) => w !== 'flibber')).toBeNull();
  });
});
