// setupFilesAfterEnv of the `slow` and `built` projects (jest.config.js): jest's testTimeout is one figure for every
// project, so the suites that start browsers, redis-servers or child processes get their longer bound here. It only
// stops a hang: on two cores kept busy by other jobs such a suite may need minutes, and real time decides nothing.
jest.setTimeout(180_000);
