// The floor for the server benchmark: a Fastify hello-world route, the same framework, no database.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/hello', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
console.log(`Server ready: http://127.0.0.1:${process.env.PORT}`);
