// `npm run serve` (and the second half of `npm start`): runs the console (apps/server/src/main.ts,
// its arguments such as `--role worker` passed on) from one bundled file, rebuilt when a source file
// it was built from has changed (scripts/bundle.mjs). Operators, the tests and the proof run start
// the console this one way.
import { run } from './bundle.mjs';

await run('server');
