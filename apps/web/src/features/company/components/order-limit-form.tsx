import { ORDER_LIMIT_TEXTS, orderLimitField } from '@canopy/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button.tsx';
import { Input } from '@/components/ui/input.tsx';

// A purchasing member's order limit on the company page (decision 204): offers above it wait for an
// owner's or manager's approval. The box reads dollars; empty lifts the limit.

const limitForm = z.object({
  orderLimit: z
    .string()
    .transform((text) => (text.trim() === '' ? null : Number(text)))
    .pipe(orderLimitField),
});

interface OrderLimitFormProps {
  name: string;
  limit: number | null;
  saving: boolean;
  onSave: (limit: number | null) => void;
}

export function OrderLimitForm({ name, limit, saving, onSave }: OrderLimitFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<z.input<typeof limitForm>, unknown, z.output<typeof limitForm>>({
    resolver: zodResolver(limitForm),
    values: { orderLimit: limit === null ? '' : String(limit) },
  });
  const error = errors.orderLimit?.message;
  return (
    <form
      className="flex flex-wrap items-start gap-2"
      noValidate
      onSubmit={handleSubmit(({ orderLimit }) => onSave(orderLimit))}
    >
      <div className="w-36">
        <Input
          {...register('orderLimit')}
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          placeholder="No limit"
          aria-label={ORDER_LIMIT_TEXTS.label(name)}
          aria-invalid={error ? true : undefined}
        />
        {error && (
          <p role="alert" className="mt-1 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <Button type="submit" variant="secondary" size="sm" disabled={saving}>
        Save limit
      </Button>
    </form>
  );
}
