const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

/**
 * Node's environment, plus one thing: when a test file is completely done (its afterAll hooks
 * have closed its apps and flushed their logs), a marker file says so. The secret scan
 * (zz-secrets-in-logs) waits for these markers instead of guessing from quiet log files.
 */
class VoicegateEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
  }

  async teardown() {
    await super.teardown();
    const state = process.env.VOICEGATE_TEST_STATE;
    if (!state) return;
    const dir = path.join(JSON.parse(state).logDir, 'done');
    mkdirSync(dir, { recursive: true });
    writeFileSync(path.join(dir, doneMarkerName(this.testPath)), '');
  }
}

/** The marker's file name for a test file (shared with the scan). */
function doneMarkerName(testPath) {
  return path.relative(path.resolve(__dirname, '..', '..'), testPath).replace(/[\\/]/g, '__');
}

module.exports = VoicegateEnvironment;
module.exports.doneMarkerName = doneMarkerName;
