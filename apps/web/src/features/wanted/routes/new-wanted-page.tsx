import {
  CALIFORNIA_COUNTIES,
  type CreateWantedInput,
  californiaToday,
  createWantedSchema,
  PRODUCT_CATEGORIES,
  PRODUCT_CATEGORY_LABELS,
  WANTED,
  WANTED_QUERY_MAX,
} from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { Button, ButtonLink } from '@/components/ui/button.tsx';
import { FormField } from '@/components/ui/form-field.tsx';
import { FormSection } from '@/components/ui/form-section.tsx';
import { Input } from '@/components/ui/input.tsx';
import { PageContainer } from '@/components/ui/page-container.tsx';
import { PageHeader } from '@/components/ui/page-header.tsx';
import { Select } from '@/components/ui/select.tsx';
import { notify, notifyFailure } from '@/lib/toast.ts';
import { postWanted, wantedKeys } from '../api/wanted-api.ts';
import { WANTED_FORM as TEXT } from '../texts.ts';

type Post = z.output<typeof createWantedSchema>;

const EMPTY: CreateWantedInput = {
  query: '',
  category: '',
  quantityLbs: '',
  minPrice: '',
  maxPrice: '',
  neededBy: '',
  county: '',
};

/** /wanted/new: a buyer says what they are short of. The shared schema checks it as the API will. */
export function NewWantedPage() {
  const id = useId();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CreateWantedInput, unknown, Post>({
    resolver: zodResolver(createWantedSchema),
    defaultValues: EMPTY,
  });

  const send = handleSubmit(async (post) => {
    try {
      // Blank optional fields are left out: the schema has already turned them into absences.
      const answer = await postWanted(post);
      await queryClient.invalidateQueries({ queryKey: wantedKeys.all });
      notify.success(answer.message);
      navigate('/wanted');
    } catch (error) {
      notifyFailure(error, WANTED.postFailed);
    }
  });

  return (
    <PageContainer>
      <PageHeader title={TEXT.title} description={TEXT.description} />
      <form
        onSubmit={send}
        noValidate
        className="max-w-2xl space-y-8 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      >
        <FormSection title={TEXT.whatSection}>
          <FormField
            id={`${id}-query`}
            label={TEXT.query}
            hint={TEXT.queryHint}
            error={errors.query?.message}
            required
          >
            {(control) => (
              <Input {...control} maxLength={WANTED_QUERY_MAX} autoComplete="off" {...register('query')} />
            )}
          </FormField>
          <FormField id={`${id}-category`} label={TEXT.category} error={errors.category?.message}>
            {(control) => (
              <Select
                {...control}
                placeholder={TEXT.anyCategory}
                options={PRODUCT_CATEGORIES.map((value) => ({
                  value,
                  label: PRODUCT_CATEGORY_LABELS[value],
                }))}
                {...register('category')}
              />
            )}
          </FormField>
        </FormSection>
        <FormSection title={TEXT.termsSection}>
          <FormField id={`${id}-quantity`} label={TEXT.quantity} error={errors.quantityLbs?.message} required>
            {(control) => (
              <Input {...control} inputMode="decimal" autoComplete="off" {...register('quantityLbs')} />
            )}
          </FormField>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField
              id={`${id}-min`}
              label={TEXT.minPrice}
              hint={TEXT.priceHint}
              error={errors.minPrice?.message}
            >
              {(control) => (
                <Input {...control} inputMode="decimal" autoComplete="off" {...register('minPrice')} />
              )}
            </FormField>
            <FormField id={`${id}-max`} label={TEXT.maxPrice} error={errors.maxPrice?.message}>
              {(control) => (
                <Input {...control} inputMode="decimal" autoComplete="off" {...register('maxPrice')} />
              )}
            </FormField>
          </div>
          <FormField
            id={`${id}-needed`}
            label={TEXT.neededBy}
            hint={TEXT.neededByHint}
            error={errors.neededBy?.message}
          >
            {(control) => (
              <Input {...control} type="date" min={californiaToday()} {...register('neededBy')} />
            )}
          </FormField>
          <FormField id={`${id}-county`} label={TEXT.county} error={errors.county?.message}>
            {(control) => (
              <Select
                {...control}
                placeholder={TEXT.anyCounty}
                options={CALIFORNIA_COUNTIES}
                {...register('county')}
              />
            )}
          </FormField>
        </FormSection>
        <div className="flex flex-wrap gap-2">
          <Button type="submit" isLoading={isSubmitting}>
            {TEXT.submit}
          </Button>
          <ButtonLink to="/wanted" variant="ghost">
            {TEXT.cancel}
          </ButtonLink>
        </div>
      </form>
    </PageContainer>
  );
}
