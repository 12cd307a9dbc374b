// The floors for the server benchmark, the same framework: `GET /hello`, a Fastify hello-world route (no database);
// and, when DATABASE_URL is set, `POST /commit`, one durable commit a request — a row inserted through a pg pool
// (named prepared statement, autocommit: one round trip, one WAL flush to wait for) and an answer. An order must make
// at least that one commit, so its rate on a machine bounds any order path's there (bench/trading.mjs part 1).
import Fastify from 'fastify';
import pg from 'pg';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
if (process.env.DATABASE_URL) {
  const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: Number(process.env.DATABASE_POOL_SIZE ?? 10) });
  await pool.query('CREATE TABLE IF NOT EXISTS bench_floor (id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY, at timestamptz NOT NULL)');
  app.post('/commit', async () => {
    const { rows } = await pool.query({
      name: 'floor_commit',
      text: 'INSERT INTO bench_floor (at) VALUES (now()) RETURNING id',
      values: [],
    });
    return { result_code: 0, data: { id: String(rows[0].id) } };
  });
  app.addHook('onClose', () => pool.end());
}
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`Server ready: http://127.0.0.1:${process.env.PORT}`);
