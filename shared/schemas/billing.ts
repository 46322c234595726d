import { z } from 'zod';

export const CheckoutInput = z.strictObject({
  plan: z.enum(['launch', 'scale']),
  successUrl: z.url().max(2000).optional(),
  cancelUrl: z.url().max(2000).optional(),
});
export const CheckoutOutput = z.object({ url: z.string() });
