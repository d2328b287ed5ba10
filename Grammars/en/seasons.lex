# Seasons of the northern hemisphere, by their usual astronomical dates, as holiday spans
# (see holidays.lex for the value syntax): "this summer", "next winter". Each runs through the day
# the next one starts (the solstice or equinox belongs to both), as in Duckling.
[season-word]
spring = 03-20 to:06-21
summer = 06-21 to:09-23
fall | autumn = 09-23 to:12-21
winter = 12-21 to:03-20

# Seasons as a cycle splitting the year at their starts: "this season", "next season". Said
# without a name, a season ends the day before the next one's eve, as Duckling reads it ("this
# season" said in February: Dec 21 to Mar 19); `end:-N` moves each end N days before the next start.
[season-cycle]
season | seasons = 03-20 06-21 09-23 12-21 end:-1
