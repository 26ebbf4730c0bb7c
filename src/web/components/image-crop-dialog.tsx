import { Crop } from 'lucide-react';
import { Dialog } from 'radix-ui';
import { useId, useState } from 'react';
import Cropper, { type Area, type MediaSize } from 'react-easy-crop';
import { ap } from '../i18n/admin-products';
import { formatNumber } from '../lib/format';
import { cropZoomRange, IMAGE_RULES, isCropWidthAllowed } from '../lib/product-form';
import { FormDialog } from './dialog';

type ImageCropDialogProps = {
  /** The picture to crop (an object URL or a saved picture's URL), null when closed. */
  image: { src: string; position: number } | null;
  onClose: () => void;
  onCropped: (file: File) => void;
};

const MIN = formatNumber(IMAGE_RULES.cropMinWidth);
const MAX = formatNumber(IMAGE_RULES.cropMaxWidth);

/** Cuts `area` (source pixels) out of the picture, on white (the shop shows pictures on white). */
async function cropToFile(src: string, area: Area): Promise<File> {
  const image = new Image();
  image.src = src;
  await image.decode();
  const width = Math.round(area.width);
  const height = Math.round(area.height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d canvas');
  context.fillStyle = '#ffffff';
  context.fillRect(0, 0, width, height);
  context.drawImage(image, Math.round(area.x), Math.round(area.y), width, height, 0, 0, width, height);
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
  if (!blob) throw new Error('canvas gave no image');
  return new File([blob], 'cropped.png', { type: 'image/png' });
}

/**
 * The optional crop of one picture (docs/specification.md (Screens and routes: Staff screens; Limits and page sizes)): a square whose width is 300 to 800 px of the
 * source picture. The zoom is held to that range, the area moves by dragging or with the arrow
 * keys, and the width is read out as it changes.
 */
export function ImageCropDialog({ image, onClose, onCropped }: ImageCropDialogProps) {
  const position = formatNumber((image?.position ?? 0) + 1);
  return (
    <FormDialog
      open={image !== null}
      onOpenChange={(open) => !open && onClose()}
      title={ap.cropTitle(position)}
      description={ap.cropIntro(MIN, MAX)}
    >
      {image && <CropArea key={image.src} src={image.src} onCropped={onCropped} />}
    </FormDialog>
  );
}

function CropArea({ src, onCropped }: { src: string; onCropped: (file: File) => void }) {
  const id = useId();
  const [crop, setCrop] = useState({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [range, setRange] = useState<{ min: number; max: number } | null | undefined>(undefined);
  const [area, setArea] = useState<Area | null>(null);
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  function onMediaLoaded(media: MediaSize) {
    const zoomRange = cropZoomRange(Math.min(media.naturalWidth, media.naturalHeight));
    setRange(zoomRange);
    if (zoomRange) setZoom(zoomRange.min);
  }

  async function apply() {
    if (busy || !range) return;
    if (!area || !isCropWidthAllowed(area.width)) {
      setProblem(ap.cropOutOfRange(MIN, MAX));
      return;
    }
    setBusy(true);
    try {
      onCropped(await cropToFile(src, area));
    } catch {
      setProblem(ap.cropFailed);
      setBusy(false);
    }
  }

  const width = area ? formatNumber(Math.round(area.width)) : '';
  return (
    <div className="flex flex-col gap-4">
      <div dir="ltr" className="relative h-64 w-full overflow-hidden rounded-xl bg-slate-900 sm:h-72">
        <Cropper
          image={src}
          crop={crop}
          zoom={zoom}
          aspect={1}
          minZoom={range?.min ?? 1}
          maxZoom={range?.max ?? 1}
          onCropChange={setCrop}
          onZoomChange={setZoom}
          onCropComplete={(_, pixels) => {
            setArea(pixels);
            setProblem('');
          }}
          onMediaLoaded={onMediaLoaded}
          cropperProps={{ role: 'group', 'aria-label': ap.cropArea, 'aria-describedby': `${id}-width` }}
        />
      </div>
      {range === null ? (
        <p role="alert" className="font-bold text-red-700">
          {ap.cropTooSmall(MIN, MAX)}
        </p>
      ) : (
        <div>
          <label htmlFor={`${id}-zoom`} className="mb-1 block font-bold">
            {ap.zoom}
          </label>
          <input
            id={`${id}-zoom`}
            type="range"
            min={range?.min ?? 1}
            max={range?.max ?? 1}
            step="any"
            value={zoom}
            disabled={!range}
            onChange={(event) => setZoom(Number(event.target.value))}
            aria-valuetext={width ? ap.cropWidth(width) : undefined}
            aria-describedby={`${id}-width`}
            className="w-full accent-brand-700"
          />
          <p id={`${id}-width`} aria-live="polite" className="mt-1 text-sm text-slate-700">
            {width ? ap.cropWidth(width) : ''}
          </p>
        </div>
      )}
      {problem && (
        <p role="alert" className="font-bold text-red-700">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap justify-end gap-3">
        <Dialog.Close className="inline-flex items-center justify-center rounded-lg px-4 py-2.5 font-bold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100">
          {ap.cancel}
        </Dialog.Close>
        <button
          type="button"
          onClick={apply}
          aria-disabled={busy || !range || undefined}
          className="inline-flex items-center gap-2 rounded-lg bg-brand-700 px-4 py-2.5 font-bold text-white hover:bg-brand-600 aria-disabled:opacity-60"
        >
          <Crop aria-hidden="true" className="size-5" />
          {ap.applyCrop}
        </button>
      </div>
    </div>
  );
}
