import { useEffect, type ReactNode } from "react";
import { useNavigate } from "../lib/router";
import { startClient } from "../state/startup";
import type { LoadRoute, Page } from "../types";
import { ConfigProvider, usePageNavigation } from "./page-data";
import { Shell } from "./Shell";
import { FormPostContext } from "../ui/form-post";
import { NavigateContext } from "../ui/Link";

function Plain({ children }: { children: ReactNode }) {
  return <>{children}</>;
}

/** Root of both renders: server (inside StaticRouter) and client (inside BrowserRouter). */
export function App({ initial, loadRoute }: { initial: Page; loadRoute: LoadRoute }) {
  const { page, pending } = usePageNavigation(initial, loadRoute);
  const Route = page.mod.default;
  const Layout = page.mod.Layout ?? Plain;
  const navigate = useNavigate();

  useEffect(() => {
    startClient();
    // Lets tests (and anyone curious) tell a server-rendered page from a hydrated, interactive one.
    document.documentElement.setAttribute("data-oa-ready", "");
  }, []);

  return (
    <ConfigProvider value={page.payload.config}>
      <NavigateContext.Provider value={navigate}>
        <Shell pending={pending} title={page.mod.topBarTitle?.() ?? null}>
          {/* Keyed by location so going from one pantry to another starts with fresh page state. */}
          <FormPostContext.Provider value={page.payload}>
            <Layout>
              <Route key={page.key} data={page.payload.data} />
            </Layout>
          </FormPostContext.Provider>
        </Shell>
      </NavigateContext.Provider>
    </ConfigProvider>
  );
}
