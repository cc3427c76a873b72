const ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe for HTML, inside an element or a quoted attribute. Pure: the server and the browser use it. */
export function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}
