import { CalleeBrain, CUT_IN_AFTER_MS, FRAME_MS, PROMPT_END_MS, type BrainScript, type Frame } from '../../bench/voice/brain';

/**
 * The bench callee's decisions and measures (bench/voice/brain.ts), frame by frame, on synthetic
 * frames and times: no sockets, no clock. Every 20 ms step the agent's frame (voiced, quiet, or
 * none) is heard, then the callee's tick says which frame it sends at that time.
 */
const frame = (amplitude: number): Frame => new Int16Array(160).fill(amplitude);
const QUIET = frame(0);
const AGENT = frame(5000);
/** A soft sound of the agent's (an "f"): audible, not voiced. */
const SOFT = frame(100);
// What the callee says is told apart by its amplitude.
const Q1_ANSWER = 1000;
const Q2_ANSWER = 2000;
const WHO = 3000;
const utterance = (amplitude: number, voiced: number, lead = 3, tail = 2): Frame[] => [...Array(lead).fill(QUIET), ...Array(voiced).fill(frame(amplitude)), ...Array(tail).fill(QUIET)];

const script = (cutIn?: BrainScript['cutIn']): BrainScript => ({
  prompts: { intro: 60, question: [40, 80], reask: [90, 100], who: [140, 150], goodbye: 30 },
  answers: [utterance(Q1_ANSWER, 10), utterance(Q2_ANSWER, 20)],
  ...(cutIn ? { cutIn } : {}),
});

class Sim {
  t = 1000;
  readonly sent: Array<{ t: number; amplitude: number }> = [];
  readonly agentVoicedAt: number[] = [];
  constructor(readonly brain: CalleeBrain) {}

  /** One 20 ms step: the agent's frame arrives ('v' voiced, '.' quiet, ' ' nothing), then the callee sends one. */
  step(agent: 'v' | 's' | '.' | ' ' = ' '): void {
    if (agent === 'v') this.agentVoicedAt.push(this.t);
    if (agent !== ' ') this.brain.heard(agent === 'v' ? AGENT : agent === 's' ? SOFT : QUIET, this.t);
    this.sent.push({ t: this.t, amplitude: this.brain.tick(this.t)[0]! });
    this.t += FRAME_MS;
  }

  agent(voiced: number, thenQuiet = 0): void {
    for (let i = 0; i < voiced; i++) this.step('v');
    for (let i = 0; i < thenQuiet; i++) this.step('.');
  }

  /** Quiet agent frames until the callee has said (and finished) something, or `max` steps. */
  untilSaid(amplitude: number, max = 200): void {
    let said = false;
    for (let i = 0; i < max; i++) {
      this.step('.');
      const last = this.sent[this.sent.length - 1]!.amplitude;
      if (last === amplitude) said = true;
      else if (said && last === 0 && this.tailDone()) return;
    }
    if (!said) throw new Error(`the callee never said ${amplitude}`);
  }

  private tailDone(): boolean {
    return this.sent.slice(-2).every((s) => s.amplitude === 0);
  }

  /** Times at which the callee sent frames of this amplitude. */
  said(amplitude: number): number[] {
    return this.sent.filter((s) => s.amplitude === amplitude).map((s) => s.t);
  }
}

describe('bench voice callee: waiting for the agent to stop, answering, measuring', () => {
  test('a pause inside the prompt is not its end; after PROMPT_END_MS of silence the callee answers the question asked', () => {
    const sim = new Sim(new CalleeBrain(script()));
    // The introduction (60 voiced frames), a 500 ms pause, the first question (40 voiced frames).
    sim.agent(60, 25);
    expect(sim.said(Q1_ANSWER)).toEqual([]);
    sim.agent(40);
    const lastAgent = sim.agentVoicedAt[sim.agentVoicedAt.length - 1]!;
    sim.untilSaid(Q1_ANSWER);
    const said = sim.said(Q1_ANSWER);
    expect(said).toHaveLength(10);
    // Not before the silence that ends the prompt; the recorded lead (3 frames) comes first.
    const firstSent = sim.sent.find((s) => s.t > lastAgent && s.amplitude !== 0)!;
    expect(firstSent.amplitude).toBe(Q1_ANSWER);
    expect(said[0]! - lastAgent).toBe(PROMPT_END_MS + 3 * FRAME_MS);
    expect(sim.said(Q2_ANSWER)).toEqual([]);
  });

  test('turn latency: the callee’s last voiced frame sent → the agent’s first voiced frame received', () => {
    const brain = new CalleeBrain(script());
    const sim = new Sim(brain);
    sim.agent(100);
    sim.untilSaid(Q1_ANSWER);
    const lastVoicedSent = sim.said(Q1_ANSWER).pop()!;
    // The agent replies 440 ms after the callee's last voiced frame (the callee's tail was already sent).
    while (sim.t < lastVoicedSent + 440) sim.step('.');
    sim.agent(80);
    expect(brain.turns).toEqual([{ kind: 'answer', question: 0, lastVoicedSentAt: lastVoicedSent, latencyMs: 440 }]);
    // That prompt (80 voiced frames: the second question) is answered with the second answer.
    sim.untilSaid(Q2_ANSWER);
    expect(sim.said(Q2_ANSWER)).toHaveLength(20);
    expect(brain.bargeIns).toEqual([]);
  });

  test('a prompt as long as the question asked again is answered with the same answer again; goodbye ends the callee', () => {
    const brain = new CalleeBrain(script());
    const sim = new Sim(brain);
    sim.agent(100);
    sim.untilSaid(Q1_ANSWER);
    sim.agent(88); // "Sorry, I did not catch that. …" (90 expected)
    sim.untilSaid(Q1_ANSWER);
    expect(sim.said(Q1_ANSWER)).toHaveLength(20);
    sim.agent(79); // the second question
    sim.untilSaid(Q2_ANSWER);
    sim.agent(31, 40); // goodbye
    expect(brain.finished).toBe(true);
    expect(brain.saidGoodbyeAt).not.toBeNull();
    expect(sim.said(Q2_ANSWER)).toHaveLength(20);
    expect(brain.turns.map((t) => [t.kind, t.question])).toEqual([
      ['answer', 0],
      ['answer', 0],
      ['answer', 1],
    ]);
  });

  test('cut-in: CUT_IN_AFTER_MS into the question the callee talks; the agent stops; stop time = first voiced frame sent → last audible frame received', () => {
    const brain = new CalleeBrain(script({ question: 1, kind: 'who', utterance: utterance(WHO, 30, 8) }));
    const sim = new Sim(brain);
    sim.agent(100);
    sim.untilSaid(Q1_ANSWER);
    // The second question starts; the agent talks until 200 ms after it hears the callee's first voiced frame.
    const promptStart = sim.t;
    let firstWho: number | undefined;
    while (firstWho === undefined || sim.t <= firstWho + 200) {
      sim.step('v');
      firstWho ??= sim.said(WHO)[0];
    }
    const lastAgent = sim.agentVoicedAt[sim.agentVoicedAt.length - 1]!;
    // The cut-in's recorded lead (8 frames) is trimmed to one: its speech starts one frame after the cut-in.
    expect(firstWho! - promptStart).toBe(CUT_IN_AFTER_MS + FRAME_MS);
    sim.untilSaid(WHO);
    expect(sim.said(WHO)).toHaveLength(30);
    expect(brain.bargeIns).toEqual([
      { question: 1, kind: 'who', firstVoicedSentAt: firstWho, stopped: true, stopMs: lastAgent - firstWho!, heardVoiced: 42, expectedVoiced: 80 },
    ]);
    expect(brain.bargeIns[0]!.stopMs).toBe(200);
    // The reply to "who is this?" (150 voiced frames, the second question at its end), 300 ms after the cut-in: measured; then the answer.
    const whoEnd = sim.said(WHO).pop()!;
    while (sim.t < whoEnd + 300) sim.step('.');
    sim.agent(150);
    expect(brain.turns[1]).toEqual({ kind: 'cut-in', question: 1, lastVoicedSentAt: whoEnd, latencyMs: 300 });
    sim.untilSaid(Q2_ANSWER);
    expect(sim.said(Q2_ANSWER)).toHaveLength(20);
  });

  test('the agent’s audio ends at its last audible frame: a soft sound after its last voiced frame counts', () => {
    const brain = new CalleeBrain(script({ question: 1, kind: 'answer', utterance: [] }));
    const sim = new Sim(brain);
    sim.agent(100);
    sim.untilSaid(Q1_ANSWER);
    let first: number | undefined;
    while (first === undefined || sim.t <= first + 100) {
      sim.step('v');
      first ??= sim.said(Q2_ANSWER)[0];
    }
    sim.step('s');
    sim.step('s');
    sim.untilSaid(Q2_ANSWER);
    expect(brain.bargeIns.map((b) => [b.stopped, b.stopMs])).toEqual([[true, 140]]);
  });

  test('cut-in with the answer: the agent stops and goes on to goodbye; the answer is not said twice', () => {
    const brain = new CalleeBrain(script({ question: 1, kind: 'answer', utterance: [] }));
    const sim = new Sim(brain);
    sim.agent(100);
    sim.untilSaid(Q1_ANSWER);
    let first: number | undefined;
    while (first === undefined || sim.t <= first + 100) {
      sim.step('v');
      first ??= sim.said(Q2_ANSWER)[0];
    }
    sim.untilSaid(Q2_ANSWER);
    expect(brain.bargeIns.map((b) => [b.stopped, b.stopMs])).toEqual([[true, 100]]);
    sim.agent(30, 40); // goodbye
    expect(brain.finished).toBe(true);
    expect(sim.said(Q2_ANSWER)).toHaveLength(20);
  });

  test('an agent that never stops: no stop time, no latency for the cut-in, and the question is answered once its prompt ends', () => {
    const brain = new CalleeBrain(script({ question: 1, kind: 'who', utterance: utterance(WHO, 5) }));
    const sim = new Sim(brain);
    sim.agent(100);
    sim.untilSaid(Q1_ANSWER);
    sim.agent(80); // the whole second question, talked over
    expect(sim.said(WHO)).toHaveLength(5);
    expect(brain.bargeIns).toEqual([{ question: 1, kind: 'who', firstVoicedSentAt: expect.any(Number), stopped: false, stopMs: null, heardVoiced: expect.any(Number), expectedVoiced: 80 }]);
    expect(brain.turns[1]).toMatchObject({ kind: 'cut-in', latencyMs: null });
    sim.untilSaid(Q2_ANSWER);
    expect(sim.said(Q2_ANSWER)).toHaveLength(20);
  });

  test('a prompt that ends by itself during the cut-in was played to its end: not stopped', () => {
    const brain = new CalleeBrain(script({ question: 1, kind: 'who', utterance: utterance(WHO, 60) }));
    const sim = new Sim(brain);
    sim.agent(100);
    sim.untilSaid(Q1_ANSWER);
    sim.agent(76); // the question ends (76 of 80 voiced frames) while the callee still talks
    sim.untilSaid(WHO);
    expect(brain.bargeIns.map((b) => [b.stopped, b.stopMs, b.heardVoiced])).toEqual([[false, null, 76]]);
  });

  test('prompts identified by their frames: a question asked again is answered as such and not cut into; the cut-in waits for its question', () => {
    // The agent's frames carry which prompt they are (as the bench's lookup of the synthesized prompts does).
    const REASK_1 = frame(6000);
    const QUESTION_2 = frame(7000);
    const names = new Map<number, string>([
      [6000, 'question 1 again'],
      [7000, 'question 2'],
    ]);
    const brain = new CalleeBrain({ ...script({ question: 1, kind: 'who', utterance: utterance(WHO, 30) }), identify: (f) => names.get(f[0]!) ?? null });
    const sim = new Sim(brain);
    sim.agent(100);
    sim.untilSaid(Q1_ANSWER);
    // The first answer was not understood: the question again, as long as the second question (80).
    for (let i = 0; i < 80; i++) brain.heard(REASK_1, (sim.t += FRAME_MS));
    expect(sim.said(WHO)).toEqual([]);
    sim.untilSaid(Q1_ANSWER);
    expect(sim.said(Q1_ANSWER)).toHaveLength(20);
    // Now the second question: cut into.
    for (let i = 0; i < 40; i++) {
      brain.heard(QUESTION_2, sim.t);
      sim.step();
    }
    expect(sim.said(WHO).length).toBeGreaterThan(0);
    expect(brain.turns.map((t) => [t.kind, t.question])).toEqual([
      ['answer', 0],
      ['answer', 0],
    ]);
  });

  test('a read-back and "yes or no?" identified by their frames: the person callee confirms or corrects, the repeat callee says its answer again', () => {
    const YES = 400;
    const CORRECTION = 500;
    const NOT_SURE = 600;
    const READ_BACK_RIGHT = frame(6100);
    const READ_BACK_WRONG = frame(6200);
    const CHOICE = frame(6300);
    const names = new Map<number, string>([
      [6100, 'read-back 1: 7'],
      [6200, 'read-back 1: 8'],
      [6300, 'yes or no'],
    ]);
    const replies: NonNullable<BrainScript['replies']> = { expected: [7, null], yes: utterance(YES, 5), no: utterance(450, 5), notSure: utterance(NOT_SURE, 5), correction: [utterance(CORRECTION, 8), null] };
    const person = new CalleeBrain({ ...script(), identify: (f) => names.get(f[0]!) ?? null, replies });
    const sim = new Sim(person);
    sim.agent(100);
    sim.untilSaid(Q1_ANSWER);
    for (let i = 0; i < 30; i++) person.heard(READ_BACK_WRONG, (sim.t += FRAME_MS));
    sim.untilSaid(CORRECTION);
    expect(sim.said(CORRECTION)).toHaveLength(8);
    for (let i = 0; i < 30; i++) person.heard(READ_BACK_RIGHT, (sim.t += FRAME_MS));
    sim.untilSaid(YES);
    expect(sim.said(YES)).toHaveLength(5);
    // "Was that a yes or a no?" about the question answered last, whose answer holds no yes or no.
    for (let i = 0; i < 30; i++) person.heard(CHOICE, (sim.t += FRAME_MS));
    sim.untilSaid(NOT_SURE);
    expect(person.log.join('\n')).toContain('read back "8" → no');

    // Without replies: the answer again, whatever was asked.
    const repeat = new CalleeBrain({ ...script(), identify: (f) => names.get(f[0]!) ?? null });
    const sim2 = new Sim(repeat);
    sim2.agent(100);
    sim2.untilSaid(Q1_ANSWER);
    for (let i = 0; i < 30; i++) repeat.heard(READ_BACK_WRONG, (sim2.t += FRAME_MS));
    sim2.untilSaid(Q1_ANSWER);
    expect(sim2.said(Q1_ANSWER)).toHaveLength(20);
    expect(sim2.said(CORRECTION)).toEqual([]);
  });
});
