require('@testing-library/jest-dom');
// findBy… and waitFor wait up to 10 s, not 1 s: `npm test` runs jest beside builds and browser tests, and on a busy
// machine a screen can take more than a second to settle (the marquee's first scroll missed 1 s under load).
// A failing expectation still fails, only later.
require('@testing-library/react').configure({ asyncUtilTimeout: 10_000 });
