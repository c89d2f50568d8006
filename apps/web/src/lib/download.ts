/** Saves a file the page holds (a Blob, or a data: URL such as a chart's PNG) under `fileName`. */
export function saveFile(data: Blob | string, fileName: string): void {
  const url = typeof data === 'string' ? data : URL.createObjectURL(data);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Give the browser a moment to start the download before the memory goes.
  if (typeof data !== 'string') setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
