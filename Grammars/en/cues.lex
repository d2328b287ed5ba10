# Words that make a bare hour ("at 8") lean to the evening or the morning.

[pm-cue]
dinner | drinks | drink | supper | movie | movie night | party | gig | concert | bar | pub | date night | tonight | karaoke | poker | club | show | theatre | theater | game night | happy hour | dance | nightcap | barbecue | bbq

[am-cue]
breakfast | brunch | coffee | standup | stand-up | dentist | zahnarzt | doctor | gym | run | jog | market | school run | commute | train | flight | yoga | swim | swimming
