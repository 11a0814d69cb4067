// The page's form token and refused post (see PostForm.tsx), apart so that the shell, on every
// page, carries only this context and not the forms' code.
import { createContext } from "react";
import type { PostedForm } from "../types";

export interface FormPost {
  /** This browser's form token (pages that are never cached only). */
  csrf: string | null;
  action: PostedForm | null;
}

export const FormPostContext = createContext<FormPost>({ csrf: null, action: null });
