// The worker's own entry point: `node dist/worker.js` is the same as ROLE=worker.
process.env.ROLE = 'worker';
await import('./main.js');
