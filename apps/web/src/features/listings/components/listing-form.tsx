import {
  DESCRIPTION_MAX,
  LISTING_TOOLS,
  LISTINGS,
  type ListingDto,
  type ListingForm as ListingFormOutput,
  listingFormSchema,
  MAX_IMAGES,
  MAX_VIDEOS,
  TEST_UPLOAD_ACCEPT,
  TITLE_MAX,
} from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { type ComponentProps, type ReactNode, useRef, useState } from 'react';
import { Controller, type Resolver, type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Card } from '@/components/ui/card.tsx';
import { Checkbox } from '@/components/ui/checkbox.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { Input, Textarea } from '@/components/ui/input.tsx';
import { ProgressBar } from '@/components/ui/progress-bar.tsx';
import { Select } from '@/components/ui/select.tsx';
import { notify } from '@/lib/toast.ts';
import { productTypesQueryOptions } from '../api/listings-api.ts';
import { isStaleSave, useSaveListing } from '../api/use-save-listing.ts';
import {
  galleryOrder,
  type PickedFile,
  pickedInOrder,
  selectImages,
  selectVideos,
  testUploadProblem,
  toPicked,
} from '../media-selection.ts';
import { AiEnhanceButton } from './ai-enhance-button.tsx';
import { CharacterCounter } from './character-counter.tsx';
import { ListingComplianceNotice } from './listing-compliance-notice.tsx';
import { FILE_INPUT_CLASSES, MediaPicker } from './media-picker.tsx';
import { UnsavedChangesGuard } from './unsaved-changes-guard.tsx';

/** What the inputs hold: text as typed (the shared schema turns it into numbers) and checkboxes. */
interface ListingFormValues {
  title: string;
  description: string;
  product_type: string;
  strain: string;
  thc_content: string;
  cbd_content: string;
  zip_code: string;
  quantity_lbs: string;
  make_offer: boolean;
  asking_price: string;
  negotiable: boolean;
  tested: boolean;
  test_link: string;
}

const text = (value: number | string | null) => (value === null ? '' : String(value));

function formDefaults(listing: ListingDto | undefined): ListingFormValues {
  return {
    title: listing?.title ?? '',
    description: listing?.description ?? '',
    product_type: listing?.product_type ?? '',
    strain: text(listing?.strain ?? null),
    thc_content: text(listing?.thc_content ?? null),
    cbd_content: text(listing?.cbd_content ?? null),
    zip_code: listing?.zip_code ?? '',
    quantity_lbs: text(listing?.quantity_lbs ?? null),
    make_offer: listing?.make_offer ?? false,
    asking_price: text(listing?.asking_price ?? null),
    negotiable: listing?.negotiable ?? false,
    tested: listing?.tested ?? false,
    test_link: listing?.test_link ?? '',
  };
}

/** Title and description share a layout: the label row carries the AI Enhance button. */
function WithEnhance({
  children,
  ...enhance
}: ComponentProps<typeof AiEnhanceButton> & { children: ReactNode }) {
  return (
    <div className="relative">
      {children}
      <div className="absolute -top-1.5 right-0">
        <AiEnhanceButton {...enhance} />
      </div>
    </div>
  );
}

function UploadProgress({ progress }: { progress: number }) {
  // Once every byte is sent the server still resizes images and cuts video posters.
  return <ProgressBar value={progress} label={progress < 1 ? 'Uploading listing' : 'Processing media'} />;
}

interface ListingFormProps {
  /** The listing being edited; absent when creating. */
  listing?: ListingDto;
  /** Loads the listing again, for a save refused because it changed since the form opened it. */
  onReload?: () => void;
}

/** One toast for the form's refusals: pressing submit again replaces it instead of stacking another. */
const FORM_TOAST_ID = 'listing-form-problem';

/**
 * SPEC §2's listing form, for creating and editing. Fields are checked with the shared schema
 * (the server applies the same one, so both say the same texts); files are checked as they are
 * picked. Saving uploads with a progress bar; success or Cancel goes back to the dashboard.
 */
export function ListingForm({ listing, onReload }: ListingFormProps) {
  const isEdit = listing !== undefined;
  const navigate = useNavigate();
  const productTypes = useQuery(productTypesQueryOptions());
  const save = useSaveListing();
  const saving = save.isPending;

  const [images, setImages] = useState<PickedFile[]>([]);
  const [videos, setVideos] = useState<PickedFile[]>([]);
  const [removedMedia, setRemovedMedia] = useState<string[]>([]);
  const initialImageOrder = (listing?.media ?? [])
    .filter((item) => item.type === 'image')
    .map((item) => item._id);
  // The images as shown: kept ones by id and chosen files by key, in the order the seller set.
  const [imageOrder, setImageOrder] = useState<string[]>(initialImageOrder);
  // Set just before leaving on purpose (after a save), so the unsaved-changes guard lets it go.
  const leaving = useRef(false);
  const [testUpload, setTestUpload] = useState<File | null>(null);
  const [testUploadError, setTestUploadError] = useState<string | null>(null);

  const {
    register,
    control,
    handleSubmit,
    watch,
    setValue,
    clearErrors,
    formState: { errors, isDirty },
  } = useForm<ListingFormValues, unknown, ListingFormOutput>({
    // The schema's number fields take `unknown` (form text or numbers); typed text is one case of it.
    resolver: zodResolver(listingFormSchema) as Resolver<ListingFormValues, unknown, ListingFormOutput>,
    defaultValues: formDefaults(listing),
  });

  const title = watch('title');
  const description = watch('description');
  const makeOffer = watch('make_offer');
  const tested = watch('tested');

  const keptMedia = (listing?.media ?? []).filter((item) => !removedMedia.includes(item._id));
  const keptImages = keptMedia.filter((item) => item.type === 'image');
  const keptVideos = keptMedia.filter((item) => item.type === 'video');

  const refuse = (problem: string) => notify.validationError(problem, FORM_TOAST_ID);
  const pickImages = (files: File[]) => {
    const { accepted, problem } = selectImages(keptImages.length + images.length, files);
    if (problem) return refuse(problem);
    const picked = toPicked(accepted);
    setImages((current) => [...current, ...picked]);
    setImageOrder((current) => [...current, ...picked.map(({ key }) => key)]);
  };
  const pickVideos = (files: File[]) => {
    const { accepted, problem } = selectVideos(keptVideos.length + videos.length, files);
    if (problem) refuse(problem);
    else setVideos((current) => [...current, ...toPicked(accepted)]);
  };
  const removeMedia = (mediaId: string) => {
    setRemovedMedia((current) => [...current, mediaId]);
    setImageOrder((current) => current.filter((key) => key !== mediaId));
  };
  const removeImage = (key: string) => {
    setImages((current) => current.filter((item) => item.key !== key));
    setImageOrder((current) => current.filter((entry) => entry !== key));
  };

  const orderChanged =
    imageOrder.join() !== initialImageOrder.filter((id) => !removedMedia.includes(id)).join();
  const hasChanges =
    isDirty ||
    images.length > 0 ||
    videos.length > 0 ||
    removedMedia.length > 0 ||
    testUpload !== null ||
    orderChanged;

  // An accepted suggestion counts as the seller's edit: checked and marked changed like typing.
  const acceptEnhancement = (field: 'title' | 'description') => (enhanced: string) =>
    setValue(field, enhanced, { shouldValidate: true, shouldDirty: true });

  const fixErrors = () => refuse(LISTINGS.fixErrorsAbove);
  const submitAs = (draft: boolean) =>
    handleSubmit((form) => {
      if (testUploadError) {
        fixErrors();
        return;
      }
      save.mutate(
        {
          listingId: listing?._id,
          form,
          files: {
            images: pickedInOrder(imageOrder, images),
            videos: videos.map(({ file }) => file),
            testUpload: form.tested ? testUpload : null,
            removeMedia: removedMedia,
            mediaOrder: isEdit
              ? galleryOrder(
                  imageOrder,
                  images,
                  keptVideos.map((item) => item._id),
                  videos,
                )
              : undefined,
          },
          options: isEdit ? { version: listing.version } : { draft },
        },
        {
          onSuccess: () => {
            leaving.current = true;
            navigate('/seller');
          },
        },
      );
    }, fixErrors);
  const submit = submitAs(false);
  const stale = isStaleSave(save.error);
  const savingDraft = saving && save.variables?.options?.draft === true;

  const currentTestFile = listing?.test_upload;

  return (
    <>
      <form noValidate onSubmit={submit} className="space-y-6">
        {/* One switch disables every control while the listing is being saved. */}
        <fieldset disabled={saving} className="space-y-6">
          <legend className="sr-only">{isEdit ? 'Edit Listing' : 'Create New Listing'}</legend>
          <Card className="space-y-5 p-5 sm:p-6">
            <WithEnhance field="title" value={title} onAccept={acceptEnhancement('title')}>
              <FormField
                id="listing-title"
                label="Title"
                required
                error={errors.title?.message}
                hint={
                  <CharacterCounter length={title.length} max={TITLE_MAX} warnAbove={80} dangerAbove={90} />
                }
              >
                {(a11y) => (
                  <Input maxLength={TITLE_MAX} autoComplete="off" {...a11y} {...register('title')} />
                )}
              </FormField>
            </WithEnhance>

            <WithEnhance field="description" value={description} onAccept={acceptEnhancement('description')}>
              <FormField
                id="listing-description"
                label="Description"
                required
                error={errors.description?.message}
                hint={
                  <CharacterCounter
                    length={description.length}
                    max={DESCRIPTION_MAX}
                    warnAbove={1700}
                    dangerAbove={1900}
                  />
                }
              >
                {(a11y) => (
                  <Textarea rows={6} maxLength={DESCRIPTION_MAX} {...a11y} {...register('description')} />
                )}
              </FormField>
            </WithEnhance>

            <div className="grid gap-5 sm:grid-cols-2">
              <FormField
                id="listing-product-type"
                label="Product type"
                required
                error={errors.product_type?.message}
              >
                {(a11y) => (
                  // Controlled: the options arrive after the form's values, and an uncontrolled
                  // select would have dropped an edited listing's type for want of its option.
                  <Controller
                    control={control}
                    name="product_type"
                    render={({ field }) => (
                      <Select
                        options={(productTypes.data ?? []).map((type) => type.name)}
                        placeholder={
                          productTypes.isPending ? 'Loading product types…' : 'Select a product type'
                        }
                        {...a11y}
                        {...field}
                        disabled={productTypes.isPending}
                      />
                    )}
                  />
                )}
              </FormField>
              <FormField id="listing-strain" label="Strain" hint="Optional." error={errors.strain?.message}>
                {(a11y) => <Input autoComplete="off" {...a11y} {...register('strain')} />}
              </FormField>
            </div>
            {productTypes.isError && (
              <Alert tone="error">
                The product types could not be loaded.{' '}
                <Button variant="secondary" size="sm" onClick={() => void productTypes.refetch()}>
                  Try again
                </Button>
              </Alert>
            )}

            <div className="grid gap-5 sm:grid-cols-2">
              <PercentField
                id="listing-thc"
                label="THC %"
                error={errors.thc_content?.message}
                registration={register('thc_content')}
              />
              <PercentField
                id="listing-cbd"
                label="CBD %"
                error={errors.cbd_content?.message}
                registration={register('cbd_content')}
              />
            </div>

            <div className="grid gap-5 sm:grid-cols-2">
              <FormField id="listing-zip" label="ZIP code" required error={errors.zip_code?.message}>
                {(a11y) => (
                  <Input
                    inputMode="numeric"
                    maxLength={5}
                    autoComplete="postal-code"
                    {...a11y}
                    {...register('zip_code')}
                  />
                )}
              </FormField>
              <FormField
                id="listing-quantity"
                label="Quantity (lbs)"
                hint="At least 0.01 lbs."
                required
                error={errors.quantity_lbs?.message}
              >
                {(a11y) => (
                  <Input
                    type="number"
                    inputMode="decimal"
                    min={0.01}
                    step={0.01}
                    {...a11y}
                    {...register('quantity_lbs')}
                  />
                )}
              </FormField>
            </div>
          </Card>

          <Card className="space-y-5 p-5 sm:p-6">
            <Checkbox
              label="Make me an offer"
              description="Buyers send offers; no asking price is shown."
              {...register('make_offer', {
                // The hidden price must neither be sent nor block the form with an error no one can see.
                onChange: (event) => {
                  if (event.target.checked) {
                    setValue('asking_price', '');
                    clearErrors('asking_price');
                  }
                },
              })}
            />
            {!makeOffer && (
              <FormField
                id="listing-price"
                label="Asking price ($ per lb)"
                required
                error={errors.asking_price?.message}
              >
                {(a11y) => (
                  <Input
                    type="number"
                    inputMode="decimal"
                    min={0}
                    step={0.01}
                    {...a11y}
                    {...register('asking_price')}
                  />
                )}
              </FormField>
            )}
            <Controller
              control={control}
              name="negotiable"
              render={({ field }) => (
                <Checkbox
                  label="Price is negotiable"
                  description={makeOffer ? 'Always on when you take offers.' : undefined}
                  name={field.name}
                  ref={field.ref}
                  onBlur={field.onBlur}
                  // SPEC §2: make-offer forces negotiable on and locks it.
                  checked={makeOffer || field.value}
                  disabled={makeOffer}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              )}
            />
          </Card>

          <Card className="space-y-5 p-5 sm:p-6">
            <Checkbox
              label="Lab tested"
              description="Add a link to the results or upload them."
              {...register('tested')}
            />
            {tested && (
              <div className="grid gap-5 sm:grid-cols-2">
                <FormField
                  id="listing-test-link"
                  label="Test results link"
                  hint="Optional, starting with http:// or https://."
                  error={errors.test_link?.message}
                >
                  {(a11y) => (
                    <Input
                      type="url"
                      inputMode="url"
                      placeholder="https://"
                      {...a11y}
                      {...register('test_link')}
                    />
                  )}
                </FormField>
                <FormField
                  id="listing-test-upload"
                  label="Test results file"
                  hint={
                    currentTestFile && !testUpload
                      ? `Current file: ${currentTestFile.name}. Choosing a file replaces it.`
                      : 'Optional: PDF, JPG, PNG, DOC or DOCX, 10MB at most.'
                  }
                  error={testUploadError ?? undefined}
                >
                  {(a11y) => (
                    <input
                      type="file"
                      accept={TEST_UPLOAD_ACCEPT}
                      className={FILE_INPUT_CLASSES}
                      onChange={(event) => {
                        const file = event.target.files?.[0] ?? null;
                        setTestUpload(file);
                        setTestUploadError(file ? testUploadProblem(file) : null);
                      }}
                      {...a11y}
                    />
                  )}
                </FormField>
              </div>
            )}
          </Card>

          <Card className="space-y-6 p-5 sm:p-6">
            <MediaPicker
              kind="image"
              hint={`Up to ${MAX_IMAGES} images. The first picture is the listing's thumbnail: drag the pictures, or use their arrow buttons, to change the order.`}
              existing={keptImages}
              added={images}
              order={imageOrder}
              onReorder={setImageOrder}
              onPick={pickImages}
              onRemoveExisting={removeMedia}
              onRemoveAdded={removeImage}
              disabled={saving}
            />
            <MediaPicker
              kind="video"
              hint={`Up to ${MAX_VIDEOS} videos (MP4, MOV, AVI or WMV), each under 100MB.`}
              existing={keptVideos}
              added={videos}
              onPick={pickVideos}
              onRemoveExisting={removeMedia}
              onRemoveAdded={(key) => setVideos((current) => current.filter((item) => item.key !== key))}
              disabled={saving}
            />
          </Card>

          <ListingComplianceNotice />
        </fieldset>

        {save.progress !== null && <UploadProgress progress={save.progress} />}

        {stale && (
          <Alert tone="error">
            <p>{LISTING_TOOLS.staleVersion}</p>
            {onReload && (
              <Button variant="secondary" size="sm" className="mt-2" onClick={onReload}>
                {LISTING_TOOLS.reload}
              </Button>
            )}
          </Alert>
        )}

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={saving} onClick={() => navigate('/seller')}>
            Cancel
          </Button>
          {!isEdit && (
            // Checked like the listing itself, but kept private until published from the dashboard.
            <Button variant="secondary" disabled={saving} onClick={() => void submitAs(true)()}>
              {savingDraft ? LISTING_TOOLS.savingDraft : LISTING_TOOLS.saveDraft}
            </Button>
          )}
          <Button type="submit" isLoading={saving && !savingDraft}>
            {saving && !savingDraft
              ? isEdit
                ? 'Updating...'
                : 'Creating...'
              : isEdit
                ? 'Update Listing'
                : 'Create Listing'}
          </Button>
        </div>
      </form>
      <UnsavedChangesGuard when={hasChanges} leaving={leaving} />
    </>
  );
}

/** An optional cannabinoid percentage (THC or CBD), 0 to 100 in steps of 0.01. */
function PercentField({
  id,
  label,
  error,
  registration,
}: {
  id: string;
  label: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}) {
  return (
    <FormField id={id} label={label} hint="Optional, 0 to 100." error={error}>
      {(a11y) => (
        <Input type="number" inputMode="decimal" min={0} max={100} step={0.01} {...a11y} {...registration} />
      )}
    </FormField>
  );
}
