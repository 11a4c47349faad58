// A picture made from an SVG text (a finished sheet's card, app.score.card): drawn into a PNG on a canvas, then
// given to the share sheet where it takes files, else downloaded. Resolves "shared", "downloaded" or "closed".
// The SVG is read through a blob: URL, which the page's policy allows for images only (img-src).

export async function sharePicture(svg, name) {
  const png = await toPng(svg);
  const file = new File([png], name, { type: "image/png" });
  if (navigator.canShare?.({ files: [file] })) {
    try {
      await navigator.share({ files: [file] });
      return "shared";
    } catch (error) {
      if (error?.name === "AbortError") return "closed"; // the person closed the share sheet
    }
  }
  download(png, name);
  return "downloaded";
}

async function toPng(svg) {
  const url = URL.createObjectURL(new Blob([svg], { type: "image/svg+xml" }));
  try {
    const image = new Image();
    image.src = url;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.naturalWidth;
    canvas.height = image.naturalHeight;
    canvas.getContext("2d").drawImage(image, 0, 0);
    return await new Promise((resolve, reject) => {
      canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("no PNG from the canvas"))), "image/png");
    });
  } finally {
    URL.revokeObjectURL(url);
  }
}

function download(blob, name) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = name;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
