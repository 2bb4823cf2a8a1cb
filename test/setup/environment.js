const { mkdirSync, writeFileSync } = require('node:fs');
const path = require('node:path');
const { TestEnvironment } = require('jest-environment-node');

/** Typed arrays as native addons make them (Node's own realm), see the constructor. */
const TYPED_ARRAYS = ['ArrayBuffer', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array'];

/**
 * Node's environment, plus two things. When a test file is completely done (its afterAll hooks
 * have closed its apps and flushed their logs), a marker file says so: the secret scan
 * (zz-secrets-in-logs) waits for these markers instead of guessing from quiet log files. And the
 * typed arrays are Node's own, as in the service: jest's sandbox has its own by default, so an
 * array made by a native addon (onnxruntime's outputs) failed the `instanceof Float32Array` of
 * code loaded in the sandbox ("A float32 tensor's data must be type of Float32Array").
 */
class VoicegateEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.testPath = context.testPath;
    for (const name of TYPED_ARRAYS) this.global[name] = globalThis[name];
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
