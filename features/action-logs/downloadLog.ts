// Saves the action log as a file: the Blob and its object URL exist only for this one click.
export function activityLogFileName(nowMs: number): string {
  // ISO time without characters that some file systems refuse (":" and ".").
  const stamp = new Date(nowMs).toISOString().replace(/[:.]/g, '-');
  return `activity-log-${stamp}.json`;
}

export function downloadText(document: Document, text: string, fileName: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    // Revoked after the click has been handled, so the download has its data.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}
