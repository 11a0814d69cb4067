import { Link } from "./Link";
import { loginUrl } from "../lib/api";

/**
 * What a personal page shows without a session: the server render (the token lives in the
 * browser), a browser without scripts, and a signed-out visitor. Log In comes back here.
 */
export function SignInPrompt({ text, action, returnTo }: { text: string; action: string; returnTo: string }) {
  return (
    <div className="sign-in-prompt">
      <p>{text}</p>
      <p>
        <Link to={loginUrl(returnTo)} className="btn btn-primary">
          {action}
        </Link>
      </p>
    </div>
  );
}
