const Sequencer = require('@jest/test-sequencer').default;

/** Runs suites in a stable order, with the log-scanning suite strictly last. */
class VoicegateSequencer extends Sequencer {
  sort(tests) {
    const last = (t) => (t.path.includes('zz-') ? 1 : 0);
    return [...tests].sort((a, b) => last(a) - last(b) || b.duration - a.duration || a.path.localeCompare(b.path));
  }
}
module.exports = VoicegateSequencer;
