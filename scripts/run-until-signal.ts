// What `npm start` and `npm run worker` share around their work: `main` starts it and returns how to
// stop it; on SIGINT or SIGTERM that runs once and the process exits (0, or 1 when stopping failed).
// A start-up failure is printed and exits 1.
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
