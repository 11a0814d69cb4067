// The shown page's payload for its forms (its `csrf` token and refused post `action`, see
// PostForm.tsx), apart so that the shell, on every page, carries only this context.
import { createContext } from "react";
import type { Payload } from "../types";

export const FormPostContext = createContext<Payload | null>(null);
