/** Who may show an answer in a frame: its status, the CSP's frame-ancestors and X-Frame-Options. */
export async function framingOf(
  url: string,
  headers: Record<string, string> = {},
) {
  const response = await fetch(url, { redirect: 'manual', headers });
  return {
    status: response.status,
    ancestors: /frame-ancestors ([^;]+)/.exec(
      response.headers.get('content-security-policy') ?? '',
    )?.[1],
    xFrameOptions: response.headers.get('x-frame-options'),
  };
}
