// Seeds the browser tests' database of this run's business date (BUSINESS_DATE) before any browser test file runs,
// so the files `npm test` runs at the same time only copy it (harness.ts ensureTemplate).
import { BUSINESS_DATE, ensureTemplate } from './harness';

ensureTemplate().then(
  () => console.log(`browser-test database ready for business date ${BUSINESS_DATE}`),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
