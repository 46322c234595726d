// `npm run dev`: the API (`npm start`'s process, on API_PORT, default 3000) and Vite's dev server
// with hot reload (WEB_PORT, default 5173) proxying /trpc to it. Open the sign-in link the API
// prints: PUBLIC_BASE_URL points it (and the same-origin check) at Vite's port.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createServer } from 'vite';

const apiPort = process.env.API_PORT ?? '3000';
const webPort = process.env.WEB_PORT ?? '5173';
const publicBaseUrl = `http://localhost:${webPort}`;

const api = spawn(process.execPath, [join(import.meta.dirname, '..', 'bin', 'start.mjs')], {
  stdio: 'inherit',
  env: { ...process.env, PORT: apiPort, PUBLIC_BASE_URL: process.env.PUBLIC_BASE_URL ?? publicBaseUrl },
});
process.env.API_URL = `http://127.0.0.1:${apiPort}`;
process.env.WEB_PORT = webPort;
const vite = await createServer({ configFile: join(import.meta.dirname, 'vite.config.ts') });
await vite.listen();
vite.printUrls();

const stop = async () => {
  api.kill('SIGTERM');
  await vite.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
api.on('exit', (code) => {
  process.stderr.write(`API process exited (${code}); stopping.\n`);
  void vite.close().then(() => process.exit(code ?? 1));
});
