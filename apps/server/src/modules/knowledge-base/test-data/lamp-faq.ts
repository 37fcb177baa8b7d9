// A product FAQ written for the retrieval measurement: 50 documents about a fictional smart
// lamp, each with two questions and their answers, and 20 questions asked in other words than
// the FAQ's own (held out: none of them appears in the documents), each with a phrase only the
// passage that answers it contains.

export interface FaqDocument {
  name: string
  entries: [question: string, answer: string][]
}

export const LAMP_FAQ: FaqDocument[] = [
  {
    name: 'Shipping',
    entries: [
      [
        'How long does delivery take?',
        'Standard delivery takes 3 to 5 working days within the European Union. Express delivery arrives the next working day when ordered before 2 pm.',
      ],
      [
        'Which carriers do you use?',
        'Parcels travel with DHL in Germany and with the national postal service elsewhere.',
      ],
    ],
  },
  {
    name: 'Returns',
    entries: [
      [
        'Can I return my lamp?',
        'You can return any lamp within 30 days of delivery for a full refund, as long as it is in its original packaging.',
      ],
      [
        'Who pays for return postage?',
        'Return labels are free for customers in the EU; other customers pay their own return postage.',
      ],
    ],
  },
  {
    name: 'Refunds',
    entries: [
      [
        'When will I get my refund?',
        'Refunds are paid to the original card within five working days after the returned lamp reaches our warehouse.',
      ],
      [
        'Can a refund go to a different card?',
        'No, refunds always go back to the payment method used for the order.',
      ],
    ],
  },
  {
    name: 'Warranty',
    entries: [
      [
        'How long is the warranty?',
        'Every Lumo lamp has a two-year warranty covering manufacturing defects of the electronics and the housing.',
      ],
      [
        'What does the warranty not cover?',
        'Damage from water, drops or opening the housing voids the warranty.',
      ],
    ],
  },
  {
    name: 'Bulbs',
    entries: [
      ['Which bulb does the lamp take?', 'The Lumo lamp takes a standard E27 LED bulb of up to 12 watts.'],
      ['Is a bulb included?', 'Yes, a 9 watt warm white LED bulb comes in the box.'],
    ],
  },
  {
    name: 'App pairing',
    entries: [
      [
        'How do I connect the lamp to the app?',
        'Open the Lumo app, tap Add device and hold the lamp button for three seconds until the ring blinks blue.',
      ],
      [
        'The app cannot find my lamp',
        'Move your phone within two metres of the lamp and make sure location access is allowed for the app.',
      ],
    ],
  },
  {
    name: 'Wi-Fi',
    entries: [
      [
        'Which Wi-Fi networks are supported?',
        'The lamp joins 2.4 GHz Wi-Fi networks only; 5 GHz networks are not supported.',
      ],
      [
        'Can I change the Wi-Fi network later?',
        'Yes, choose Network in the lamp settings of the app and enter the new password.',
      ],
    ],
  },
  {
    name: 'Bluetooth',
    entries: [
      [
        'Does the lamp work with Bluetooth?',
        'Without Wi-Fi the lamp can be controlled over Bluetooth Low Energy from up to 10 metres away.',
      ],
      ['How many phones can connect by Bluetooth?', 'One phone at a time can hold the Bluetooth connection.'],
    ],
  },
  {
    name: 'Colours',
    entries: [
      [
        'Which colours can the light show?',
        'The lamp mixes 16 million colours and white from 2200 to 6500 kelvin.',
      ],
      [
        'Which finishes does the lamp come in?',
        'The housing comes in matte black, sand beige and forest green.',
      ],
    ],
  },
  {
    name: 'Dimming',
    entries: [
      [
        'Can I dim the lamp?',
        'Brightness goes from 1 to 100 percent in the app or by turning the top ring of the lamp.',
      ],
      ['Does dimming flicker?', 'No, the driver dims without flicker at every level.'],
    ],
  },
  {
    name: 'Schedules',
    entries: [
      [
        'Can the lamp switch on by itself?',
        'Create a schedule in the app to switch the lamp on or off at set times on chosen weekdays.',
      ],
      [
        'Do schedules run without internet?',
        'Schedules are stored on the lamp and keep running during an internet outage.',
      ],
    ],
  },
  {
    name: 'Voice assistants',
    entries: [
      [
        'Does the lamp work with Alexa?',
        'The lamp works with Amazon Alexa, Google Assistant and Apple Home through the Matter standard.',
      ],
      [
        'How do I add the lamp to Google Home?',
        'Scan the Matter code printed under the base with the Google Home app.',
      ],
    ],
  },
  {
    name: 'Firmware updates',
    entries: [
      [
        'How is the lamp updated?',
        'Firmware updates install automatically at night when the lamp is switched off.',
      ],
      ['Can I update the firmware by hand?', 'Yes, tap Check for updates in the device settings of the app.'],
    ],
  },
  {
    name: 'Factory reset',
    entries: [
      [
        'How do I reset the lamp?',
        'Hold the button on the base for ten seconds until the ring flashes red three times; the lamp returns to factory settings.',
      ],
      [
        'Does a reset delete my schedules?',
        'A factory reset removes all schedules, scenes and network settings from the lamp.',
      ],
    ],
  },
  {
    name: 'Power use',
    entries: [
      [
        'How much electricity does the lamp use?',
        'The lamp draws at most 12 watts at full brightness and under half a watt on standby.',
      ],
      ['Is there an energy label?', 'The included bulb is rated energy class F under the EU label.'],
    ],
  },
  {
    name: 'Cleaning',
    entries: [
      [
        'How do I clean the lamp?',
        'Wipe the shade and base with a dry microfibre cloth; never use water or solvents.',
      ],
      [
        'Can the shade go in the dishwasher?',
        'No, the fabric shade must not be washed in a dishwasher or a washing machine.',
      ],
    ],
  },
  {
    name: 'Outdoor use',
    entries: [
      [
        'Can I use the lamp outside?',
        'The lamp is rated IP20 and is meant for dry indoor rooms only, not gardens or balconies.',
      ],
      ['Can I use it in a bathroom?', 'Keep the lamp out of bathrooms and away from splashing water.'],
    ],
  },
  {
    name: 'Child lock',
    entries: [
      [
        'Can I stop children from changing the light?',
        'Turn on Child lock in the app to disable the button and the ring on the lamp itself.',
      ],
      ['Does child lock block the app?', 'No, the app keeps full control while the child lock is on.'],
    ],
  },
  {
    name: 'Subscription',
    entries: [
      [
        'Do I need a subscription?',
        'All lamp features are free; Lumo Plus is an optional yearly plan for 9.99 euros with cloud scene backups.',
      ],
      [
        'How do I cancel Lumo Plus?',
        'Cancel Lumo Plus under Account, Plans in the app before the renewal date.',
      ],
    ],
  },
  {
    name: 'Account deletion',
    entries: [
      [
        'How do I delete my account?',
        'Choose Account, Delete account in the app; your data is erased within 30 days.',
      ],
      [
        'What happens to my lamps after deleting the account?',
        'Your lamps keep working over Bluetooth but lose remote control.',
      ],
    ],
  },
  {
    name: 'Privacy',
    entries: [
      ['Does the lamp listen to me?', 'The lamp has no microphone and no camera.'],
      [
        'What data do you store?',
        'We store your email, your lamps and their schedules on servers in Frankfurt.',
      ],
    ],
  },
  {
    name: 'Data export',
    entries: [
      [
        'Can I download my data?',
        'Request a data export under Account, Privacy; a ZIP file arrives by email within 48 hours.',
      ],
      ['Which format is the export?', 'The export contains JSON files for devices, scenes and schedules.'],
    ],
  },
  {
    name: 'Payment methods',
    entries: [
      ['How can I pay?', 'We accept Visa, Mastercard, American Express, PayPal, Klarna and bank transfer.'],
      [
        'Can I pay in instalments?',
        'Klarna lets you split a payment into three interest-free monthly instalments.',
      ],
    ],
  },
  {
    name: 'Invoices',
    entries: [
      ['Where is my invoice?', 'Your invoice is attached to the shipping confirmation email as a PDF.'],
      [
        'Can I get an invoice with my company name?',
        'Enter a company name and VAT number at checkout and they appear on the invoice.',
      ],
    ],
  },
  {
    name: 'Discount codes',
    entries: [
      [
        'Where do I enter a discount code?',
        'Type the voucher in the Discount field on the payment page before you pay.',
      ],
      ['Can I combine two codes?', 'Only one discount code can be used per order.'],
    ],
  },
  {
    name: 'Student discount',
    entries: [
      [
        'Is there a student discount?',
        'Students get 15 percent off after verifying their university email with UNiDAYS.',
      ],
      [
        'Do teachers get a discount?',
        'Teachers and school staff get the same 15 percent education discount.',
      ],
    ],
  },
  {
    name: 'Gift cards',
    entries: [
      [
        'Do you sell gift cards?',
        'Digital gift cards from 25 to 200 euros are sent by email and never expire.',
      ],
      ['Can a gift card be refunded?', 'Gift cards cannot be exchanged for cash.'],
    ],
  },
  {
    name: 'Order tracking',
    entries: [
      ['Where is my order?', 'Follow your parcel with the tracking link in the shipping confirmation email.'],
      [
        'My tracking has not updated',
        'Tracking can take 24 hours to show the first scan after the label is created.',
      ],
    ],
  },
  {
    name: 'Cancelling an order',
    entries: [
      [
        'Can I cancel my order?',
        'Orders can be cancelled within one hour of purchase from the order page; after that they are already being packed.',
      ],
      ['What if my order has already shipped?', 'Refuse the delivery or return it within 30 days instead.'],
    ],
  },
  {
    name: 'Exchanges',
    entries: [
      [
        'Can I swap my lamp for another colour?',
        'We exchange an unused lamp for another finish within 30 days; the new one ships once we receive the first.',
      ],
      ['Is an exchange free?', 'Exchanges within the EU cost nothing.'],
    ],
  },
  {
    name: 'Damaged delivery',
    entries: [
      [
        'My lamp arrived broken',
        'Send us photos of the damaged lamp and the box within 7 days and we ship a replacement at once.',
      ],
      ['Do I need to return the broken lamp?', 'Keep the broken lamp until our courier collects it.'],
    ],
  },
  {
    name: 'Missing parts',
    entries: [
      [
        'A part is missing from the box',
        'Tell support which part is missing and we post it free of charge within two days.',
      ],
      [
        'What should be in the box?',
        'The box holds the lamp base, the shade, a bulb, the power adapter and a quick start card.',
      ],
    ],
  },
  {
    name: 'Assembly',
    entries: [
      [
        'How do I put the lamp together?',
        'Screw the bulb into the socket, then clip the shade onto the three hooks of the frame.',
      ],
      ['Do I need tools?', 'No screwdriver or other tools are needed.'],
    ],
  },
  {
    name: 'Wall mounting',
    entries: [
      [
        'Can I hang the lamp on a wall?',
        'A wall bracket sold separately holds the lamp with two screws and wall plugs.',
      ],
      ['How heavy is the lamp?', 'The lamp weighs 1.4 kilograms with its shade.'],
    ],
  },
  {
    name: 'Cable',
    entries: [
      ['How long is the power cable?', 'The fabric power cable is 1.8 metres long.'],
      ['Can I shorten the cable?', 'The cable can be wound around the cord reel inside the base.'],
    ],
  },
  {
    name: 'Plugs and voltage',
    entries: [
      [
        'Can I use the lamp in the United States?',
        'The adapter accepts 100 to 240 volts; use a travel plug for US sockets.',
      ],
      [
        'Which plug does it have?',
        'Lamps sold in Europe have a Type C Europlug; UK lamps have a Type G plug.',
      ],
    ],
  },
  {
    name: 'Battery',
    entries: [
      [
        'Does the lamp have a battery?',
        'The Lumo Go model has a built-in battery that lasts 8 hours at half brightness.',
      ],
      [
        'How do I charge the Lumo Go?',
        'Charge the Lumo Go with any USB-C charger; a full charge takes three hours.',
      ],
    ],
  },
  {
    name: 'Noise',
    entries: [
      ['Does the lamp make a sound?', 'The lamp is silent: it has no fan and the driver does not hum.'],
      ['Why does my lamp click?', 'A soft click when switching is the relay and is normal.'],
    ],
  },
  {
    name: 'Heat',
    entries: [
      [
        'Does the lamp get hot?',
        'The shade stays cool; the bulb reaches about 50 degrees Celsius after an hour.',
      ],
      ['Can I leave it on all night?', 'Yes, the LED bulb is designed for continuous use.'],
    ],
  },
  {
    name: 'Sleep mode',
    entries: [
      ['Is there a night light?', 'Sleep mode dims the lamp slowly to a faint amber glow over 30 minutes.'],
      ['Can sleep mode turn the lamp off?', 'Sleep mode can end with the lamp off or at 1 percent amber.'],
    ],
  },
  {
    name: 'Sunrise alarm',
    entries: [
      [
        'Can the lamp wake me up?',
        'The sunrise alarm brightens the lamp gradually over 20 minutes before your alarm time.',
      ],
      ['Does the wake-up light play sound?', 'No, the sunrise alarm uses light only.'],
    ],
  },
  {
    name: 'Music sync',
    entries: [
      [
        'Can the light follow music?',
        'Music mode uses your phone microphone to pulse the colours with the beat.',
      ],
      [
        'Does music mode work with Spotify?',
        'Music mode listens to any sound the phone hears, including Spotify.',
      ],
    ],
  },
  {
    name: 'Groups',
    entries: [
      [
        'Can I control several lamps at once?',
        'Put lamps in a room group in the app and switch or dim them all together.',
      ],
      ['How many lamps can one account have?', 'One account can control up to 50 lamps.'],
    ],
  },
  {
    name: 'Sharing',
    entries: [
      [
        'Can my family control the lamp?',
        'Invite family members under Home, Members; each gets their own login.',
      ],
      ['Can I remove a shared user?', 'The home owner can remove members at any time.'],
    ],
  },
  {
    name: 'Offline use',
    entries: [
      [
        'Does the lamp work without the app?',
        'The button and ring on the lamp work without any phone, app or internet.',
      ],
      [
        'What does the button do?',
        'A short press switches the light; a double press cycles through favourite scenes.',
      ],
    ],
  },
  {
    name: 'Developer API',
    entries: [
      ['Is there an API?', 'A local REST API on the lamp lets developers control it over the home network.'],
      [
        'Where is the API documented?',
        'The API reference is on developer.lumo.example with examples in Python.',
      ],
    ],
  },
  {
    name: 'Business orders',
    entries: [
      [
        'Do you sell to hotels and offices?',
        'Business customers ordering 20 lamps or more get volume pricing from our trade team.',
      ],
      ['Can businesses pay on account?', 'Approved trade customers can pay by invoice within 30 days.'],
    ],
  },
  {
    name: 'Support hours',
    entries: [
      [
        'When can I reach customer service?',
        'Our support team answers chat and phone from 9 am to 6 pm, Monday to Friday.',
      ],
      ['Is there weekend support?', 'Email sent at the weekend is answered on Monday morning.'],
    ],
  },
  {
    name: 'Recycling',
    entries: [
      [
        'How do I dispose of an old lamp?',
        'Take it to an electronics collection point or send it to us for free recycling.',
      ],
      ['Is the packaging recyclable?', 'The packaging is plastic-free cardboard and paper.'],
    ],
  },
  {
    name: 'Spare parts',
    entries: [
      ['Can I buy a new shade?', 'Replacement shades and bases are sold separately in the spare parts shop.'],
      ['Do you sell spare adapters?', 'Power adapters are available as spare parts for 14 euros.'],
    ],
  },
]

export const HELD_OUT_QUESTIONS: [question: string, answerPhrase: string][] = [
  ['How many days until my parcel arrives?', '3 to 5 working days'],
  ['I want to send the lamp back, is that possible?', 'return any lamp within 30 days'],
  ['What kind of light bulb fits in the socket?', 'standard E27 LED bulb'],
  ['My router is on 5 GHz, will the lamp connect?', '2.4 GHz Wi-Fi networks only'],
  ['How do I wipe all settings and start over?', 'returns to factory settings'],
  ['Is it safe to put the lamp on my balcony?', 'dry indoor rooms only'],
  ['Which credit cards and payment options do you take?', 'Visa, Mastercard'],
  ['I am a university student, do I get money off?', '15 percent off'],
  ['The box was crushed and the lamp is damaged, what now?', 'ship a replacement'],
  ['Can I mount it on the wall?', 'wall bracket'],
  ['Will it work with Alexa or Apple Home?', 'Matter standard'],
  ['How much power does it consume?', 'at most 12 watts'],
  ['How can I wake up gently with light in the morning?', 'brightens the lamp gradually'],
  ['Can the colours move with the music I play?', 'pulse the colours with the beat'],
  ['What are your opening hours for support calls?', '9 am to 6 pm'],
  ['Is there a camera or microphone in the lamp?', 'no microphone and no camera'],
  ['How can I stop my kids from playing with the lamp buttons?', 'Child lock'],
  ['Can I cancel an order I just placed?', 'within one hour of purchase'],
  ['How do I get a copy of all my personal data?', 'data export'],
  ['How long does the battery of the portable model last?', '8 hours at half brightness'],
]

/** A document's text as the knowledge base is given it: each question a heading, its answer below. */
export const faqText = (doc: FaqDocument) => doc.entries.map(([q, a]) => `# ${q}\n\n${a}`).join('\n\n')
