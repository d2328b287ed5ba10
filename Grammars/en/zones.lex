# Time zones named in text. Values: an IANA identifier, then "std" or "dst" when the
# abbreviation names standard or daylight time (read as the region's civil time either way,
# but flagged when it does not match the season).

[zone-word]
utc | gmt | z | zulu = Etc/UTC
et | eastern | eastern time = America/New_York
est = America/New_York std
edt = America/New_York dst
ct | central | central time = America/Chicago
cst = America/Chicago std
cdt = America/Chicago dst
mt | mountain time = America/Denver
mst = America/Denver std
mdt = America/Denver dst
pt | pacific | pacific time = America/Los_Angeles
pst = America/Los_Angeles std
pdt = America/Los_Angeles dst
akst = America/Anchorage std
hst = Pacific/Honolulu
bst = Europe/London dst
wet = Europe/Lisbon std
cet = Europe/Paris std
cest = Europe/Paris dst
eet = Europe/Athens std
eest = Europe/Athens dst
msk = Europe/Moscow
ist = Asia/Kolkata
jst = Asia/Tokyo
kst = Asia/Seoul
sgt = Asia/Singapore
hkt = Asia/Hong_Kong
aest = Australia/Sydney std
aedt = Australia/Sydney dst
awst = Australia/Perth
nzst = Pacific/Auckland std
nzdt = Pacific/Auckland dst

# Cities said with "time": "10am London time".
[zone-city]
london | uk | british = Europe/London
dublin | ireland | irish = Europe/Dublin
lisbon = Europe/Lisbon
paris | france | french = Europe/Paris
berlin | germany | german = Europe/Berlin
madrid | spain = Europe/Madrid
rome | italy = Europe/Rome
amsterdam = Europe/Amsterdam
zurich = Europe/Zurich
stockholm = Europe/Stockholm
athens = Europe/Athens
moscow = Europe/Moscow
new york | nyc | ny | boston | miami | atlanta | toronto | east coast = America/New_York
chicago | dallas | houston = America/Chicago
denver = America/Denver
los angeles | la | san francisco | sf | seattle | vancouver | west coast = America/Los_Angeles
sao paulo = America/Sao_Paulo
tokyo | japan | japanese = Asia/Tokyo
seoul = Asia/Seoul
beijing | shanghai | china = Asia/Shanghai
hong kong = Asia/Hong_Kong
singapore = Asia/Singapore
india | indian | mumbai | delhi | bangalore = Asia/Kolkata
dubai = Asia/Dubai
sydney | melbourne = Australia/Sydney
perth = Australia/Perth
auckland = Pacific/Auckland
