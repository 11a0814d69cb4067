import type { ReactNode } from "react";

/** A failure the screen cannot go on without, announced at once. */
export function ErrorBox({ children }: { children: ReactNode }) {
  return (
    <div role="alert" className="error-box">
      {children}
    </div>
  );
}
