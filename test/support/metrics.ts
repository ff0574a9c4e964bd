/** The value of the first sample of `name` with these labels in a Prometheus exposition (0 when absent). */
export function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find(
      (l) =>
        (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((label) => l.includes(label)),
    );
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

/** The connect funnel's counters of the sandbox, as one object (for before/after comparisons). */
export function sandboxFunnel(text: string) {
  const results = (outcome: string) =>
    sample(text, 'adlink_connect_authorization_results_total', { platform: 'sandbox', outcome });
  return {
    issued: sample(text, 'adlink_connect_links_issued_total'),
    opened: sample(text, 'adlink_connect_links_opened_total'),
    started: sample(text, 'adlink_connect_authorizations_started_total', { platform: 'sandbox' }),
    succeeded: results('succeeded'),
    denied: results('denied'),
    failed: results('failed'),
    completed: sample(text, 'adlink_connect_visits_completed_total', { status: 'success' }),
    redirected: sample(text, 'adlink_connect_redirects_delivered_total', { status: 'success' }),
  };
}
