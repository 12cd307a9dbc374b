#!/usr/bin/env node
// checkLedger at scale (issue 22 §2: ≤ 10 s after 1,000,000 orders), on PostgreSQL: bench/ledger/check-at-scale.ts
// makes a settled day's ledger with SQL and times the check (wall and PostgreSQL CPU). Printed, never asserted.
//   BENCH_DATABASE_URL (postgres://postgres@127.0.0.1:5432/test)   BENCH_LEDGER_SIZES=100000,1000000
import { spawnSync } from 'node:child_process';

const sizes = process.env.BENCH_LEDGER_SIZES ?? '100000,1000000';
console.log(`## checkLedger after ${sizes} orders (PostgreSQL)`);
const r = spawnSync(process.execPath, ['--import', 'tsx', 'bench/ledger/check-at-scale.ts', sizes], { stdio: 'inherit' });
process.exit(r.status ?? 1);
