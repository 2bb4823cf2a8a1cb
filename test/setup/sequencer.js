const Sequencer = require('@jest/test-sequencer').default;

/** Runs suites in a stable order, with the log-scanning suite strictly last. */
class VoicegateSequencer extends Sequencer {
  sort(tests) {
    const last = (t) => (t.path.includes('zz-') ? 1 : 0);
    const sorted = [...tests].sort((a, b) => last(a) - last(b) || b.duration - a.duration || a.path.localeCompare(b.path));
    // The files of this run, for the secret scan to wait for (jest sorts before globalSetup, and
    // the test workers inherit this process's environment).
    process.env.VOICEGATE_TEST_FILES = JSON.stringify(sorted.map((t) => t.path));
    return sorted;
  }
}
module.exports = VoicegateSequencer;
