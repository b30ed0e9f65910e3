/**
 * The lookup widget as a traveller uses it (docs/decisions.md "Start page and disruption";
 * docs/product-rules.md sections 2 and 5): the form, its error summary, the two funnels, the
 * printed-ticket warning and where a valid submit goes. Navigation is the `navigate` prop.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readQueryFlags } from '../../shared/page/readPageData';
import { mountOnHostPage } from '../../test/hostPage';
import { LookupWidget } from './LookupWidget';
import { mount } from './mount';
import type { LookupConfig } from './types';

const CONFIG: LookupConfig = {
  action: '/ConfirmRefund',
  disruptionAction: '/Home/Disruption',
  supportEmail: 'support@example.co.uk',
  delayRepayUrl: '',
  query: readQueryFlags(''),
};

function setup(config: Partial<LookupConfig> = {}) {
  const navigate = jest.fn();
  const user = userEvent.setup();
  const view = render(
    <div className="rw-root">
      <LookupWidget config={{ ...CONFIG, ...config }} navigate={navigate} />
    </div>,
  );
  return { navigate, user, ...view };
}

const reference = () => screen.getByRole('textbox', { name: 'Booking reference' });
const email = () => screen.getByRole('textbox', { name: 'Email address' });
const reasons = () => screen.getByRole('group', { name: 'Why do you want a refund?' });
const REASON_LABELS: Record<string, string> = {
  NotTravelling: 'I no longer need to travel',
  Disruption: 'My journey was disrupted',
  Wheelchair: 'I could not travel because wheelchair access or assistance was not available',
  Other: 'Another reason',
};
/** Chooses the reason whose value is `value` by clicking its label, as a traveller does. */
async function chooseReason(user: ReturnType<typeof userEvent.setup>, value: string) {
  await user.click(within(reasons()).getByRole('radio', { name: REASON_LABELS[value] }));
}
const submit = () => screen.getByRole('button', { name: 'Continue' });

async function fill(user: ReturnType<typeof userEvent.setup>, ref: string, mail: string, why: string) {
  if (ref) await user.type(reference(), ref);
  if (mail) await user.type(email(), mail);
  if (why) await chooseReason(user, why);
}

describe('the form', () => {
  it('has labelled fields; the reference hint shows both formats', () => {
    setup();
    expect(screen.getByRole('heading', { name: 'Find your booking' })).toBeInTheDocument();
    expect(reference()).toHaveAccessibleDescription(/like KXB7HT2N, or E- followed by 9 capital letters or numbers/);
    expect(email()).toHaveAttribute('type', 'email');
    expect(
      within(reasons())
        .getAllByRole('radio')
        .map((radio) => [(radio as HTMLInputElement).value, (radio as HTMLInputElement).checked]),
    ).toEqual([
      ['NotTravelling', false],
      ['Disruption', false],
      ['Wheelchair', false],
      ['Other', false],
    ]);
    expect(reasons()).toHaveAccessibleDescription('Choose the reason that fits best.');
    expect(screen.getByRole('radio', { name: 'My journey was disrupted' })).toHaveAccessibleDescription(
      'For example delays, cancellations, strikes or storms',
    );
    expect(screen.getAllByRole('group')).toHaveLength(1);
  });

  it('an empty submit shows a focused error summary linking to each field, and the messages beside them', async () => {
    const { user, navigate } = setup();
    await user.click(submit());
    const summary = await screen.findByRole('alert');
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    const links = within(summary).getAllByRole('link');
    expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Enter your booking reference', `#${reference().id}`],
      ['Enter your email address', `#${email().id}`],
      ['Select why you want a refund', `#${within(reasons()).getAllByRole('radio')[0].id}`],
    ]);
    expect(links[0].getAttribute('href')).toMatch(/^#rw-lookup-booking-reference-/);
    expect(links[2].getAttribute('href')).toMatch(/^#rw-lookup-reason-.+-NotTravelling$/);
    expect(reference()).toHaveAttribute('aria-invalid', 'true');
    expect(reference()).toHaveAccessibleDescription(expect.stringContaining('Enter your booking reference'));
    expect(reasons()).toHaveAccessibleDescription(expect.stringContaining('Select why you want a refund'));
    await user.click(links[1]);
    expect(email()).toHaveFocus();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('upper-cases the reference as typed and navigates once to the refund page with the query encoded', async () => {
    const { user, navigate } = setup();
    await fill(user, 'kxb7ht2n', 'ferry.fan+iow@example.co.uk', 'NotTravelling');
    expect(reference()).toHaveValue('KXB7HT2N');
    await user.click(submit());
    expect(navigate).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        '/ConfirmRefund?BookingReference=KXB7HT2N&Email=ferry.fan%2Biow%40example.co.uk',
      ),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('toggles the printed-ticket warning', async () => {
    const { user } = setup();
    const toggle = screen.getByRole('button', { name: 'Do you have printed tickets?' });
    const warning = screen.getByText('Printed (paper) tickets cannot be refunded automatically.');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(warning).not.toBeVisible();
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(warning).toBeVisible();
    await user.click(toggle);
    expect(warning).not.toBeVisible();
  });
});

describe('the delay-repay funnel', () => {
  it('shows for Disruption; the delay-repay choice explains Delay Repay and blocks the submit', async () => {
    const { user, navigate } = setup();
    await fill(user, 'KXB7HT2N', 'traveller@example.com', 'Disruption');
    const group = await screen.findByRole('group', { name: 'What happened to your journey?' });
    await user.click(within(group).getByRole('radio', { name: 'I travelled, but my train was delayed' }));
    expect(screen.getByRole('region', { name: 'Claim Delay Repay from the train company' })).toBeInTheDocument();
    const advice = screen.getByRole('region', { name: 'Claim Delay Repay from the train company' });
    expect(advice).toHaveTextContent(
      'Claim Delay Repay on the website or app of the train company that ran your train, usually within 28 days of travel. Have your booking reference and tickets ready.',
    );
    expect(within(advice).queryByRole('link')).not.toBeInTheDocument();
    await user.click(submit());
    const summary = await screen.findByRole('alert');
    expect(navigate).not.toHaveBeenCalled();
    expect(
      within(summary).getByRole('link', { name: 'Delay repay requests must be sent to the train operating company' }),
    ).toHaveAttribute('href', `#${within(group).getAllByRole('radio')[0].id}`);
    expect(within(group).getAllByRole('radio')[0].id).toMatch(/^rw-lookup-delay-repay-.+-delayRepay$/);
    expect(group).toHaveAccessibleDescription('Delay repay requests must be sent to the train operating company');
  });

  it('with data-delay-repay-url, the advice links to the train company’s Delay Repay (no referrer)', async () => {
    const url = 'https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/';
    const { user } = setup({ delayRepayUrl: url });
    await fill(user, 'KXB7HT2N', 'traveller@example.com', 'Disruption');
    await user.click(await screen.findByRole('radio', { name: 'I travelled, but my train was delayed' }));
    const advice = screen.getByRole('region', { name: 'Claim Delay Repay from the train company' });
    const link = within(advice).getByRole('link', { name: 'Claim Delay Repay' });
    expect(link).toHaveAttribute('href', url);
    expect(link).toHaveAttribute('rel', 'noreferrer');
    expect(link.parentElement).toHaveTextContent(
      'Claim Delay Repay from the train company that ran your train, usually within 28 days of travel. Have your booking reference and tickets ready.',
    );
    expect(advice).toHaveTextContent(
      'If you travelled and your train arrived late, we cannot refund your tickets. You can claim compensation through Delay Repay instead.',
    );
  });

  it('an unanswered funnel is an error; the abandoned choice goes to the disruption page', async () => {
    const { user, navigate } = setup();
    await fill(user, 'E-7K2M9Q4ZA', 'no.match@example.com', 'Disruption');
    await screen.findByRole('group', { name: 'What happened to your journey?' });
    await user.click(submit());
    expect(within(await screen.findByRole('alert')).getByRole('link')).toHaveTextContent(
      'Select what happened to your journey',
    );
    await user.click(
      screen.getByRole('radio', { name: 'I did not travel, or I abandoned my journey, because of the disruption' }),
    );
    await user.click(submit());
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith(
        '/Home/Disruption?BookingReference=E-7K2M9Q4ZA&Email=no.match%40example.com',
      ),
    );
  });
});

describe('the wheelchair funnel', () => {
  it('explains what the traveller can do and how to contact us, then continues to the refund page', async () => {
    const { user, navigate } = setup({ action: '/Custom?x=1' });
    await fill(user, 'FTR6KL9B', 'disrupted@example.com', 'Wheelchair');
    const group = await screen.findByRole('group', { name: 'What stopped you from travelling?' });
    const advice = screen.getByRole('region', {
      name: 'If you could not travel because access or assistance was not there',
    });
    expect(within(advice).getByText(/ask us to waive the fee and give you a full refund/)).toBeInTheDocument();
    expect(within(advice).getByText(/Passenger Assist is free/)).toBeInTheDocument();
    expect(within(advice).getByRole('link', { name: 'support@example.co.uk' })).toHaveAttribute(
      'href',
      'mailto:support@example.co.uk?subject=Access%20refund%20for%20booking%20FTR6KL9B',
    );
    await user.click(submit());
    await screen.findByRole('alert');
    expect(navigate).not.toHaveBeenCalled();
    expect(group).toHaveAccessibleDescription('Select what stopped you from travelling');
    await user.click(within(group).getByRole('radio', { name: /Passenger Assist help that I booked/ }));
    await user.click(submit());
    await waitFor(() =>
      expect(navigate).toHaveBeenCalledWith('/Custom?x=1&BookingReference=FTR6KL9B&Email=disrupted%40example.com'),
    );
  });

  it('without a support email it tells the traveller to contact customer services', async () => {
    const { user } = setup({ supportEmail: '' });
    await chooseReason(user, 'Wheelchair');
    expect(await screen.findByText(/To ask, contact our customer services team/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });
});

describe('mount', () => {
  it('mounts on a host page without Details or station names', async () => {
    const { element } = mountOnHostPage(mount, {
      mountId: 'lookup-widget',
      attrs: { action: '/Refunds', 'support-email': 'help@example.co.uk' },
      search: 'covid19=true',
    });
    expect(element.querySelector('.rw-root .rw-lookup')).not.toBeNull();
    expect(element.innerHTML).toMatchSnapshot();
    expect(element).toHaveAttribute('data-rw-mounted', 'lookup');
  });

  it('reads data-delay-repay-url: the delayed choice links to it', async () => {
    const url = 'https://www.nationalrail.co.uk/help-and-assistance/compensation-and-refunds/delay-repay-compensation/';
    mountOnHostPage(mount, { mountId: 'lookup-widget', attrs: { 'delay-repay-url': url } });
    const user = userEvent.setup();
    await chooseReason(user, 'Disruption');
    await user.click(await screen.findByRole('radio', { name: 'I travelled, but my train was delayed' }));
    expect(screen.getByRole('link', { name: 'Claim Delay Repay' })).toHaveAttribute('href', url);
  });

  it.each(['http://rail.example/delay-repay', 'javascript:alert(1)', '//evil.example/x'])(
    'refuses data-delay-repay-url="%s" with a clear message',
    (value) => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { element } = mountOnHostPage(mount, { mountId: 'lookup-widget', attrs: { 'delay-repay-url': value } });
      expect(element).toHaveTextContent('This page is set up incorrectly (an invalid link). Please try again later.');
      expect(screen.queryByRole('group')).not.toBeInTheDocument();
      jest.restoreAllMocks();
    },
  );

  it("enhances the server-rendered form in place: it keeps what was typed and the focus, and leaves none of the host's form", () => {
    const element = document.createElement('div');
    element.id = 'lookup-widget';
    element.innerHTML = `<form class="rw-before" method="get" action="/ConfirmRefund">
<label for="rw-before-booking-reference">Booking reference</label>
<input id="rw-before-booking-reference" name="BookingReference" type="text">
<label for="rw-before-email">Email address</label>
<input id="rw-before-email" name="Email" type="email">
<button type="submit">Continue</button></form>`;
    document.body.appendChild(element);
    (element.querySelector('[name=BookingReference]') as HTMLInputElement).value = 'kxb7ht2n';
    const typedEmail = element.querySelector('[name=Email]') as HTMLInputElement;
    typedEmail.value = 'traveller@exam';
    typedEmail.focus();
    act(() => {
      mount(element, { search: '' });
    });
    expect(screen.getByRole('textbox', { name: /^Booking reference/ })).toHaveValue('KXB7HT2N');
    const widgetEmail = screen.getByRole('textbox', { name: /^Email address/ });
    expect(widgetEmail).toHaveValue('traveller@exam');
    expect(widgetEmail).toHaveFocus();
    expect(element.querySelector('.rw-before, [name=BookingReference], [name=Email]')).toBeNull();
    expect(screen.getAllByRole('button', { name: 'Continue' })).toHaveLength(1);
  });

  it('refuses an unsafe action with a clear message', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { element } = mountOnHostPage(mount, { mountId: 'lookup-widget', attrs: { action: 'javascript:alert(1)' } });
    expect(element).toHaveTextContent(
      'This page is set up incorrectly (an invalid form action). Please try again later.',
    );
    jest.restoreAllMocks();
  });
});

describe('snapshots', () => {
  it('the error state of the Disruption funnel', async () => {
    const { user, container } = setup();
    await fill(user, 'KXB7HT2N', 'bad', 'Disruption');
    await user.click(await screen.findByRole('radio', { name: 'I travelled, but my train was delayed' }));
    await user.click(submit());
    await waitFor(() => expect(container.querySelector('.rw-error-summary')).toHaveFocus());
    expect(container.innerHTML).toMatchSnapshot();
  });

  it('the wheelchair funnel', async () => {
    const { user, container } = setup();
    await chooseReason(user, 'Wheelchair');
    await screen.findByRole('group', { name: 'What stopped you from travelling?' });
    expect(container.innerHTML).toMatchSnapshot();
  });
});
