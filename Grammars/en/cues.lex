# Words that make a bare hour ("at 8") lean to the evening or the morning.

[pm-cue]
dinner | hot pot | hotpot | drinks | drink | pints | pint | beers | beer | cocktails | wine | supper | movie | movie night | party | gig | concert | bar | pub | date night | tonight | karaoke | poker | club | show | theatre | theater | game night | happy hour | dance | nightcap | barbecue | bbq

[am-cue]
breakfast | brekkie | brekky | breaky | brunch | coffee | standup | stand-up | dentist | zahnarzt | doctor | vet | orthodontist | appt | blood test | physio | checkup | check-up | clinic | optician | optometrist | dermatologist | pediatrician | exam | midterm | quiz | sprint | planning | retro | demo | gym | run | jog | market | school run | commute | yoga | swim | swimming | meeting | sync | scrum | 1:1 | one-on-one | review | kickoff | kick-off | check-in | interview | training | workshop | class | lesson | lecture | appointment | standup meeting | office hours | yum cha | dim sum | school | work
