// Posts made through the API from a page of the app (its mock answers them), for the bench and
// the e2e test of long feeds: the guest logs in by the API, then `count` posts are sent, `batch`
// at a time (each call waits for the mock's 400 ms delay), numbered from `from + 1`.

/**
 * @param {import('playwright-core').Page} page a page of the app (any route), its mock running
 * @param {{ count: number, from?: number, batch?: number, text?: string }} options
 *   `text`: each post's words after its number (`Post 12: <text>`)
 * @returns {Promise<void>}
 */
export function postAsGuest(page, { count, from = 0, batch = 20, text = 'a line of text.' }) {
  return page.evaluate(
    async ({ count, from, batch, text }) => {
      const api = `${document.baseURI.replace(/\/$/, '')}/api`;
      const login = await fetch(`${api}/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'guest', password: 'guest1234' }),
      });
      if (!login.ok) throw new Error(`POST /auth/login: ${login.status}`);
      const { encodedToken } = await login.json();
      for (let done = from; done < from + count; done += batch) {
        const calls = Array.from({ length: Math.min(batch, from + count - done) }, (_, i) =>
          fetch(`${api}/posts`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', authorization: encodedToken },
            body: JSON.stringify({ postData: { content: `Post ${done + i + 1}: ${text}` } }),
          }).then((response) => {
            if (!response.ok) throw new Error(`POST /posts: ${response.status}`);
          }),
        );
        await Promise.all(calls);
      }
    },
    { count, from, batch, text },
  );
}
