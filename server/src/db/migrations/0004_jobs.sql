-- Daily jobs on the business clock (server/src/jobs). One row per job and business date once the job has
-- run for that date: the scheduler skips what is recorded, so each job runs at most once per date, and a
-- crash between two jobs resumes at the first unrecorded one.
CREATE TABLE job_runs (
  job            text NOT NULL,
  business_date  date NOT NULL,
  finished_at    timestamptz NOT NULL DEFAULT now(),
  -- What the run did (counts), for the log and for tests.
  report         jsonb NOT NULL DEFAULT '{}'::jsonb,
  PRIMARY KEY (job, business_date)
);
