import { z } from 'zod';
import { productViewDto } from '../catalog/responses.ts';
import { succeeded } from '../common/responses.ts';

// Answers that carry whole products: kept apart from schemas.ts, which the catalog's own answers
// import (yourPriceDto), so neither file imports the other.

export const yourPrivateLotsResponse = z.object({ success: succeeded, data: z.array(productViewDto) });
