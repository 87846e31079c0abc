import { dayjs } from '@recaudo/domain/dates';
import { formatRate } from '@recaudo/domain/exchange-rates';

const WEEKDAYS = ['Domingo', 'Lunes', 'Martes', 'Miércoles', 'Jueves', 'Viernes', 'Sábado'];
const MONTHS = ['Enero', 'Febrero', 'Marzo', 'Abril', 'Mayo', 'Junio', 'Julio', 'Agosto', 'Septiembre', 'Octubre', 'Noviembre', 'Diciembre'];

const block = (id: string, code: string, strong: string) => `
<div id="${id}" class="col-sm-12 col-xs-12 ">
  <div class="field-content"><div class="row recuadrotsmc">
    <div class="col-sm-6 col-xs-6"><img src="/sites/default/files/${id}.png"><span> ${code} </span></div>
    <div class="col-sm-6 col-xs-6 centrado"><strong> ${strong} </strong> </div>
  </div></div>
</div>`;

/** How a rate is written in the page's `<strong>`: the BCV's comma, or a dot (the trainer's "wrong number"). */
export type RateWriting = 'comma' | 'dot';

/**
 * A page shaped like the BCV's home (providers.md §6): the currency blocks with their
 * `<strong>`, the value date's `date-display-single` span with its ISO `content`. `usd`/`eur`
 * null leave a block out.
 */
export function bcvPageHtml(page: { valueDate: string; usd: string | null; eur: string | null; writing?: RateWriting }): string {
  const write = (rate: string) => (page.writing === 'dot' ? Number(rate).toFixed(8) : formatRate(rate));
  const day = dayjs(page.valueDate);
  const shown = `${WEEKDAYS[day.day()]}, ${day.format('DD')} ${MONTHS[day.month()]}  ${day.format('YYYY')}`;
  return `<!DOCTYPE html>
<html lang="es" dir="ltr"><head><meta charset="utf-8"><title>Banco Central de Venezuela</title></head>
<body class="html front not-logged-in">
<section id="block-views-47bf7f54bc9ad0e2e7b8b7a0c4ea63b4" class="block block-views clearfix">
<h2 class="block-title">Tipo de Cambio de Referencia</h2>
<div class="view-content"><div class="views-row views-row-1">
${[page.eur === null ? '' : block('euro', 'EUR', write(page.eur)), block('yuan', 'CNY', '34,12345678'), block('lira', 'TRY', '5,87654321'), block('rublo', 'RUB', '2,71828182'), page.usd === null ? '' : block('dolar', 'USD', write(page.usd))].join('')}
<div class="pull-right dinpro center">  Fecha Valor: <span class="date-display-single" property="dc:date" datatype="xsd:dateTime" content="${page.valueDate}T00:00:00-04:00">${shown}</span></div>
</div></div>
</section>
</body></html>`;
}

/** The BCV after a redesign: the same rates, other markup. */
export const changedBcvPageHtml = (rates: { usd: string; eur: string }) => `<!DOCTYPE html>
<html lang="es"><body><main><h1>Tipo de cambio oficial</h1>
<table class="tasas"><tr><td>USD</td><td>${formatRate(rates.usd)}</td></tr><tr><td>EUR</td><td>${formatRate(rates.eur)}</td></tr></table>
</main></body></html>`;
