// `npm run admin -- <command>`: runs the operator CLI (apps/server/src/cli/admin.ts) from one bundled
// file, rebuilt when a source file it was built from has changed (scripts/bundle.mjs).
//
// Run through tsx, every start resolved and transformed the CLI's hundreds of modules in tsx's loader
// thread: about 4.9 s of CPU, three times what the bundle takes (docs/architecture.md, "One bundle
// per entry point"). Operators and the tests run the CLI this one way.
import { run } from './bundle.mjs';

await run('admin');
