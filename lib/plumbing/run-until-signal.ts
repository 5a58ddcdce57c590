// What a long-running process shares around its work (`npm run worker`, `npm run standby`, and the
// banks' `npm run banks`): `main` starts it and returns how to stop it; on SIGINT or SIGTERM that runs
// once and the process exits (0, or 1 when stopping failed). A start-up failure is printed and exits 1.
//
// lib/plumbing/ holds what the product and the banks (sandbox/) both run, the banks being another
// system: generic machinery that reads no setting, holds no state and knows nothing of either side,
// so sandbox/import-closure.test.ts lets the banks take it.
export function runUntilSignal(main: () => Promise<() => Promise<void>>): void {
  main()
    .then((stop) => {
      let stopping = false;
      const onSignal = () => {
        if (stopping) return;
        stopping = true;
        stop().then(
          () => process.exit(0),
          (error: unknown) => {
            console.error(error);
            process.exit(1);
          },
        );
      };
      process.on("SIGINT", onSignal);
      process.on("SIGTERM", onSignal);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
