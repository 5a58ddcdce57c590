"use client";
// A person's word on a stream: confirm it is recurring (or take that back), dismiss it (it leaves the
// list and stays dismissed when detection runs again), restore a dismissed one. Each is one PATCH.
import { Button } from "@/components/ui/button";
import { useToast } from "@/components/ui/toast";
import { errorMessage } from "@/lib/client/errors";
import { useStreamWord, type Stream, type StreamWord } from "@/lib/client/recurring";

export function StreamActions({ stream }: { stream: Stream }) {
  const word = useStreamWord();
  const toast = useToast();
  const say = (change: StreamWord, done: string) => {
    void word.mutateAsync({ id: stream.id, word: change }).then(
      () => toast.success(done),
      (error: unknown) => toast.error(errorMessage(error)),
    );
  };
  if (stream.dismissedAt)
    return (
      <Button
        variant="secondary"
        size="sm"
        disabled={word.isPending}
        onClick={() => say({ dismissed: false }, `${stream.name} restored`)}
      >
        Restore
      </Button>
    );
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        variant="secondary"
        size="sm"
        disabled={word.isPending}
        aria-pressed={stream.confirmedAt !== null}
        onClick={() =>
          say(
            { confirmed: stream.confirmedAt === null },
            stream.confirmedAt ? `${stream.name} no longer confirmed` : `${stream.name} confirmed`,
          )
        }
      >
        {stream.confirmedAt ? "Confirmed" : "Confirm"}
      </Button>
      <Button
        variant="secondary"
        size="sm"
        disabled={word.isPending}
        aria-label={`Dismiss ${stream.name}`}
        onClick={() => say({ dismissed: true }, `${stream.name} dismissed`)}
      >
        Dismiss
      </Button>
    </div>
  );
}
