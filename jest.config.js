/** @type {import('jest').Config} */
module.exports = {
  // Node's environment plus a marker when a file is done (see test/setup/environment.js).
  testEnvironment: '<rootDir>/test/setup/environment.js',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  // The SDK's examples import it by its package name, as an integrator would.
  moduleNameMapper: { '^@voicegate/sdk$': '<rootDir>/sdk/src/index.ts' },
  // llama-tokenizer-js (the neural answer model's tokenizer) is an ES module, which Node 20.19+
  // loads with require() but jest's module system before Node 24.9 does not: jest compiles it.
  transformIgnorePatterns: ['/node_modules/(?!llama-tokenizer-js/)'],
  transform: {
    '/node_modules/llama-tokenizer-js/.+\\.js$': ['@swc/jest', { jsc: { target: 'es2022' }, module: { type: 'commonjs' } }],
    '^.+\\.ts$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
          target: 'es2022',
          keepClassNames: true,
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  globalSetup: '<rootDir>/test/setup/global-setup.ts',
  globalTeardown: '<rootDir>/test/setup/global-teardown.ts',
  testTimeout: 60_000,
  // Three test files at a time on two cores, each with its own database cloned from a migrated
  // template: the SIP, browser and crash suites wait on real time (audio, pages, child processes)
  // much of theirs, and with two at a time the machine stayed about 40 % idle.
  maxWorkers: 3,
  // The secret-leak scan reads the logs of every other suite, so it runs last (see test/sequencer.js).
  testSequencer: '<rootDir>/test/setup/sequencer.js',
};
