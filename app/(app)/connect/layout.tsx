import { Suspense, type ReactNode } from "react";

// Both connect pages read the URL's search params in the browser (useSearchParams): the wizard
// ?country= and ?bank= ("Try again" from a declined connection), the result what the bank answered.
// Next wants such components inside a Suspense boundary; this is the one for both.
export default function ConnectLayout({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
