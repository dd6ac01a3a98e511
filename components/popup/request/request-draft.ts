// What the request form holds while the person fills it in, shared by the form (./RequestView.tsx)
// and its options (./RequestOptions.tsx).

export interface Draft {
  text: string;
  days: string;
  answers: string;
  name: string;
  note: string;
  emailTo: string;
  retrievalStep: boolean;
  deletableByViewer: boolean;
}

export type FieldErrors = Partial<Record<'text' | 'days' | 'answers', string>>;
