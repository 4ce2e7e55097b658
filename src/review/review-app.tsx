import { lazy, Suspense, useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { Route, Router, Switch } from 'wouter';
import type { ReviewPageConfig } from '#engine/review-page.ts';
import { createQueryClient } from '#review/lib/query-client.ts';
import { ReviewPageContext } from '#review/lib/review-page-context.ts';
import { CallsPage } from '#review/calls/calls-page.tsx';
import { SignInPage } from '#review/sign-in/sign-in-page.tsx';
import { JoinPage } from '#review/join/join-page.tsx';
import { WorkspaceFrame } from '#review/workspace/workspace-frame.tsx';
import { WorkspacePage } from '#review/workspace/workspace-page.tsx';

// The form editor is its own chunk, loaded when an admin opens it; the preview frame's page too,
// with the wizard's code.
const FormEditorPage = lazy(async () => ({
  default: (await import('#review/form/form-editor-page.tsx')).FormEditorPage,
}));
const FormPreviewPage = lazy(async () => ({
  default: (await import('#review/form/form-preview-page.tsx')).FormPreviewPage,
}));
// Loaded when first opened: the inbox, where most work happens, does not carry them. Settings, the
// two-step set-up, staff, audit and failed messages are visited now and then, by one person.
const InsightsPage = lazy(() =>
  import('#review/insights/insights-page.tsx').then((module) => ({
    default: module.InsightsPage,
  })),
);
const SettingsPage = lazy(() =>
  import('#review/settings/settings-page.tsx').then((module) => ({
    default: module.SettingsPage,
  })),
);
const TwoStepSetupPage = lazy(() =>
  import('#review/settings/two-step-setup-page.tsx').then((module) => ({
    default: module.TwoStepSetupPage,
  })),
);
const StaffPage = lazy(() =>
  import('#review/staff/staff-page.tsx').then((module) => ({
    default: module.StaffPage,
  })),
);
const AuditPage = lazy(() =>
  import('#review/audit/audit-page.tsx').then((module) => ({
    default: module.AuditPage,
  })),
);
const FailedMessagesPage = lazy(() =>
  import('#review/messages/failed-messages-page.tsx').then((module) => ({
    default: module.FailedMessagesPage,
  })),
);

/** The staff workspace under `/review`; the server sends every signed-out address to sign-in. */
export function ReviewApp({ page }: { page: ReviewPageConfig }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <ReviewPageContext value={page}>
      <QueryClientProvider client={queryClient}>
        <Router base="/review">
          <Switch>
            <Route path="/sign-in" component={SignInPage} />
            <Route path="/join" component={JoinPage} />
            <Route path="/two-step">
              <Suspense>
                <TwoStepSetupPage />
              </Suspense>
            </Route>
            <Route path="/form/preview">
              <Suspense>
                <FormPreviewPage />
              </Suspense>
            </Route>
            <Route>
              <WorkspaceFrame>
                <Suspense
                  fallback={<main className="inbox" aria-busy="true" />}
                >
                  <Switch>
                    <Route path="/settings" component={SettingsPage} />
                    <Route path="/staff" component={StaffPage} />
                    <Route path="/messages" component={FailedMessagesPage} />
                    <Route path="/audit" component={AuditPage} />
                    <Route path="/calls" component={CallsPage} />
                    <Route path="/form">
                      <Suspense
                        fallback={<main className="inbox" aria-busy="true" />}
                      >
                        <FormEditorPage />
                      </Suspense>
                    </Route>
                    <Route path="/calls/:slug/form">
                      {(params: { slug: string }) => (
                        <Suspense
                          fallback={<main className="inbox" aria-busy="true" />}
                        >
                          <FormEditorPage
                            key={params.slug}
                            slug={params.slug}
                          />
                        </Suspense>
                      )}
                    </Route>
                    <Route path="/insights">
                      <Suspense
                        fallback={<main className="inbox" aria-busy="true" />}
                      >
                        <InsightsPage />
                      </Suspense>
                    </Route>
                    <Route component={WorkspacePage} />
                  </Switch>
                </Suspense>
              </WorkspaceFrame>
            </Route>
          </Switch>
        </Router>
      </QueryClientProvider>
    </ReviewPageContext>
  );
}
