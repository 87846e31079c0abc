import Form, { type FormProps } from 'antd/es/form';
import { createContext, useContext, useState, type ReactNode } from 'react';

type FieldErrors = readonly { name: (string | number)[]; errors: readonly string[] }[];

/** What the side panel shows after a Guardar that found fields in error, or null. */
export type Attention = string | null;

const AttentionContext = createContext<(attention: Attention) => void>(() => undefined);

/** How a SidePanel hears from its PanelForm. */
export function AttentionProvider({ report, children }: { report: (attention: Attention) => void; children: ReactNode }) {
  return <AttentionContext.Provider value={report}>{children}</AttentionContext.Provider>;
}

/** A field's name as its label shows it: antd labels a field `<label for="{form}_{path}" title="…">`. */
function fieldLabel(formName: string | undefined, name: (string | number)[]): string | null {
  const id = [formName, ...name].filter((part) => part !== undefined).join('_');
  const label = document.querySelector<HTMLLabelElement>(`label[for="${CSS.escape(id)}"]`);
  return label?.getAttribute('title') || label?.textContent?.trim() || null;
}

/** "Revisa el campo «Nombre»." or "Revisa 3 campos; el primero es «Nombre».", from the fields in error in form order. */
export function attentionText(formName: string | undefined, fields: FieldErrors): Attention {
  const wrong = fields.filter((field) => field.errors.length > 0);
  if (!wrong.length) return null;
  const first = fieldLabel(formName, wrong[0]!.name);
  const named = first ? `«${first}»` : null;
  if (wrong.length === 1) return named ? `Revisa el campo ${named}.` : 'Revisa el campo marcado.';
  return named ? `Revisa ${wrong.length} campos; el primero es ${named}.` : `Revisa los ${wrong.length} campos marcados.`;
}

/**
 * The form of a SidePanel: a Guardar that finds fields in error scrolls to the first, focuses it
 * and has the panel say how many fields need attention, naming the first as its label does;
 * the count follows as fields are corrected and goes when none is left.
 */
export function PanelForm<T>({ children, ...props }: FormProps<T> & { children?: ReactNode }) {
  const report = useContext(AttentionContext);
  const [checked, setChecked] = useState(false);
  const formName = props.name ?? props.id;
  return (
    <Form<T>
      scrollToFirstError={{ focus: true, block: 'center' }}
      {...props}
      onFinishFailed={(info) => {
        props.onFinishFailed?.(info);
        setChecked(true);
        report(attentionText(formName, info.errorFields));
      }}
      onFieldsChange={(changed, all) => {
        props.onFieldsChange?.(changed, all);
        if (checked) report(attentionText(formName, all.map((field) => ({ name: [field.name].flat(), errors: field.errors ?? [] }))));
      }}
      onFinish={(values) => {
        setChecked(false);
        report(null);
        props.onFinish?.(values);
      }}
    >
      {children}
    </Form>
  );
}
