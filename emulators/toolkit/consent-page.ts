const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&#34;', "'": '&#39;' })[c]!,
  );

/**
 * The consent page of an emulated platform: what the user is asked, with the authorize request kept in
 * hidden fields, and Allow / Deny buttons posting back to the authorize endpoint.
 */
export function consentPage(platformName: string, action: string, query: Record<string, string>): string {
  const hidden = Object.entries(query)
    .filter(([name]) => name !== 'decision')
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  const name = escapeHtml(platformName);
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${name} emulator: allow access?</title>
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}
button{font:inherit;padding:.5rem 1rem;margin-right:.5rem}</style></head>
<body>
  <main>
    <h1>${name} emulator</h1>
    <p>An app asks to manage the ads of the emulated test user. Nothing here reaches the real ${name}.</p>
    <form method="post" action="${escapeHtml(action)}">
      ${hidden}
      <button type="submit" name="decision" value="allow">Allow</button>
      <button type="submit" name="decision" value="deny">Deny</button>
    </form>
  </main>
</body>
</html>
`;
}
