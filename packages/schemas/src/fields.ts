import { z } from 'zod';
import { boundsSchema, unionError } from './common.js';

/**
 * What kind of value a requested field holds: it decides how a value is cut from the text after its
 * label and how it is normalised (`date`: ISO 8601; `amount` and `number`: a number; `phone`: its
 * digits). Given per field in the object form of `prompt`, or guessed from the field's name.
 */
export const FIELD_TYPES = ['text', 'date', 'amount', 'number', 'identifier', 'phone', 'email', 'tax_id', 'company', 'address', 'person'] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** How a field's value was found: beside or below its label, in a table under or beside its header, by its pattern alone, in a receipt's or invoice's header block. */
export const FIELD_SOURCES = ['key_value', 'table', 'pattern', 'header'] as const;
export type FieldSource = (typeof FIELD_SOURCES)[number];

const fieldName = z.string().min(1).max(200);

/** One field of the object form of `prompt`: a description (the contract's form), or a type and/or a description. */
export const fieldSpecSchema = z.union(
  [
  z.string().max(1000),
  z
    .object({
      type: z.enum(FIELD_TYPES, { error: (issue) => `unknown field type ${JSON.stringify(issue.input)}; the types are ${FIELD_TYPES.join(', ')}` }).optional(),
      description: z.string().max(1000).optional(),
    })
    .strict(),
  ],
  { error: unionError('a field is described by a string or by { type, description }') },
);
export type FieldSpec = z.infer<typeof fieldSpecSchema>;

/** `prompt`: an instruction, a list of field names, or an object of field names to a description or `{ type, description }`. */
export const promptSchema = z.union([
  z.string().max(10_000),
  z.array(fieldName).max(100),
  z
    .record(fieldName, fieldSpecSchema)
    .refine((o) => Object.keys(o).length <= 100, { message: 'an object prompt names at most 100 fields' }),
], { error: unionError('prompt is an instruction (a string), a list of field names, or an object of field names to a description or { type, description }') });
export type Prompt = z.infer<typeof promptSchema>;

/** A field asked for: its name as given, and its type when the prompt gave one. */
export interface FieldRequest {
  name: string;
  type?: FieldType;
  description?: string;
}

/** Whether a prompt asks for fields (a list or an object), not an instruction: its pages are then read a second time for them. */
export const asksForFields = (prompt: Prompt | undefined): boolean => fieldRequests(prompt) !== undefined;

/** The fields a prompt asks for (a list, or an object's keys with their specs), or undefined for an instruction. */
export function fieldRequests(prompt: Prompt | undefined): FieldRequest[] | undefined {
  if (Array.isArray(prompt)) return prompt.map((name) => ({ name }));
  if (prompt && typeof prompt === 'object')
    return Object.entries(prompt).map(([name, spec]) =>
      typeof spec === 'string' ? { name, ...(spec ? { description: spec } : {}) } : { name, ...(spec.type ? { type: spec.type } : {}), ...(spec.description ? { description: spec.description } : {}) },
    );
  return undefined;
}

/** Extension `fields`: one requested field's best value, typed and located. */
export const fieldAnswerSchema = z.object({
  /** The value as printed (an amount without its currency). */
  value: z.string(),
  /** `date`: YYYY-MM-DD; `amount`, `number`: a number; `phone`: its digits (a leading + kept); else the value, spaces evened. null where it does not parse as its type. */
  normalized: z.union([z.string(), z.number()]).nullable(),
  type: z.enum(FIELD_TYPES),
  /** ISO 4217 code of an amount's currency, where the page shows one beside it. */
  currency: z.string().optional(),
  confidence: z.number().min(0).max(1),
  page: z.number().int().min(1),
  bounds: boundsSchema,
  source: z.enum(FIELD_SOURCES),
});
export type FieldAnswer = z.infer<typeof fieldAnswerSchema>;
